// jsdom's Blob has no arrayBuffer(); the browser's and Node's do, so the test uses Node's.
import { Blob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readImageFile } from './image-file.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('image files for tags', () => {
  it('reads a PNG into a data URL whatever its name', async () => {
    const r = await readImageFile(new Blob([png]), 500);
    expect(r).toMatchObject({ ok: true, bytes: 11 });
    expect(r.ok && r.dataUrl.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
  });

  it('refuses what is not PNG or JPEG, and what is over the limit', async () => {
    expect(await readImageFile(new Blob(['GIF89a']), 500)).toEqual({ ok: false, error: 'type', maxKb: 500 });
    const big = new Uint8Array(2049);
    big.set([0xff, 0xd8, 0xff]);
    expect(await readImageFile(new Blob([big]), 2)).toEqual({ ok: false, error: 'size', maxKb: 2 });
  });
});
