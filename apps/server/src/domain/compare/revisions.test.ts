import { describe, expect, it } from 'vitest';
import { revisionsOf } from './revisions.ts';

const enc = (s: string) => new TextEncoder().encode(s);

/** A file of a base revision and signed updates, with real offsets in each /ByteRange. */
function signedFile(updates: number, trailing = ''): Uint8Array {
  let text = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n';
  for (let k = 0; k < updates; k++) {
    const start = text.length;
    const head = `${10 + k} 0 obj\n<< /Type /Sig /ByteRange [0 AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC] /Contents <`;
    const contentsAt = start + head.length - 1;
    const tail = '00>> >>\nendobj\n%%EOF\n';
    const afterContents = contentsAt + 4;
    const end = start + head.length + tail.length;
    const pad = (n: number) => String(n).padStart(10, ' ');
    text +=
      head
        .replace('AAAAAAAAAA', pad(contentsAt))
        .replace('BBBBBBBBBB', pad(afterContents))
        .replace('CCCCCCCCCC', pad(end - afterContents)) + tail;
  }
  return enc(text + trailing);
}

describe('revisionsOf', () => {
  it('an unsigned file has one revision: as it is now', () => {
    const bytes = signedFile(0);
    expect(revisionsOf(bytes)).toEqual([
      { index: 0, kind: 'current', signature: null, size: bytes.length, end: bytes.length },
    ]);
  });

  it('a file signed twice has the revision before signing and one after each signature', () => {
    const bytes = signedFile(2);
    const list = revisionsOf(bytes);
    expect(list.map((r) => [r.kind, r.signature])).toEqual([
      ['beforeSignatures', null],
      ['afterSignature', 1],
      ['afterSignature', 2],
    ]);
    expect(new TextDecoder().decode(bytes.subarray(0, list[0]?.end)).endsWith('%%EOF\n')).toBe(true);
    expect(list[0]?.end).toBe('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'.length);
    expect(list[2]?.end).toBe(bytes.length);
  });

  it('adds the file as it is now when more was appended after the last signature', () => {
    const bytes = signedFile(1, '2 0 obj\n<< /DSS 1 >>\nendobj\n%%EOF\n');
    expect(revisionsOf(bytes).map((r) => r.kind)).toEqual(['beforeSignatures', 'afterSignature', 'current']);
  });
});
