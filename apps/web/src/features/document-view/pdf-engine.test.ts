import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchBinary = vi.fn<(path: string) => Promise<Blob>>();
vi.mock('../../app/session/binary.ts', () => ({ fetchBinary: (path: string) => fetchBinary(path) }));
const { documentBytes, prefetchDocument } = await import('./pdf-engine.ts');

describe('documents fetched ahead of the view', () => {
  beforeEach(() => fetchBinary.mockReset());

  it('the view takes a prefetched download once; a second view downloads again', async () => {
    const [first, second] = [new Blob(['first']), new Blob(['second'])];
    fetchBinary.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    prefetchDocument('/v2/epaks/e/documents/d/download');
    prefetchDocument('/v2/epaks/e/documents/d/download');
    expect(fetchBinary).toHaveBeenCalledTimes(1);
    expect(await documentBytes('/v2/epaks/e/documents/d/download')).toBe(first);
    expect(await documentBytes('/v2/epaks/e/documents/d/download')).toBe(second);
    expect(fetchBinary).toHaveBeenCalledTimes(2);
  });

  it('a prefetch that failed is asked again when the view needs the bytes', async () => {
    const retry = new Blob(['retry']);
    fetchBinary.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(retry);
    prefetchDocument('/v2/epaks/e/documents/x/download');
    expect(await documentBytes('/v2/epaks/e/documents/x/download')).toBe(retry);
  });

  it('without a prefetch the view downloads itself', async () => {
    const own = new Blob(['own']);
    fetchBinary.mockResolvedValueOnce(own);
    expect(await documentBytes('/v2/epaks/e/documents/y/download')).toBe(own);
    expect(fetchBinary).toHaveBeenCalledWith('/v2/epaks/e/documents/y/download');
  });
});
