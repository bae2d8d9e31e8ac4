import { describe, expect, it } from 'vitest';
import { revisionLabel } from './revision-label.ts';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);

describe('revisionLabel', () => {
  it('names a revision after a signature with the signature it follows', () => {
    expect(revisionLabel(t, { index: 2, kind: 'afterSignature', signature: 2, size: 10 })).toBe(
      'compare.revision.afterSignature {"n":2}',
    );
  });

  it('names the other revisions by their kind', () => {
    expect(revisionLabel(t, { index: 0, kind: 'beforeSignatures', signature: null, size: 10 })).toBe(
      'compare.revision.beforeSignatures',
    );
    expect(revisionLabel(t, { index: 3, kind: 'current', signature: null, size: 10 })).toBe(
      'compare.revision.current',
    );
  });
});
