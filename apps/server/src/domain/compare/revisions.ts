import type { DocumentRevision } from '@signet/contracts';

/** A revision of a signed PDF and where its bytes end (the file up to there is that revision). */
export interface RevisionBoundary extends DocumentRevision {
  end: number;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Where the "%%EOF" line that ends before `offset` ends, with its end-of-line. */
function endOfRevisionBefore(text: string, offset: number): number | undefined {
  const at = text.lastIndexOf('%%EOF', offset);
  if (at < 0) return undefined;
  let end = at + 5;
  if (text[end] === '\r') end++;
  if (text[end] === '\n') end++;
  return end;
}

/**
 * The revisions of a document signed by incremental updates: before the first signature, after
 * each signature (its byte range ends where its revision ends) and, when more was appended after
 * the last one (validation data, a timestamp), the file as it is now. A file without signatures
 * has one revision, itself. Our own stored documents only: the signatures are found by their
 * /ByteRange arrays, which every signature dictionary writes directly in the file.
 */
export function revisionsOf(bytes: Uint8Array): RevisionBoundary[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const signatures = [...text.matchAll(BYTE_RANGE)]
    .map((m) => ({ contentsAt: Number(m[2]), end: Number(m[3]) + Number(m[4]) }))
    .filter((s) => s.end <= bytes.length && s.contentsAt > 0)
    .sort((a, b) => a.end - b.end);
  const list: RevisionBoundary[] = [];
  const first = signatures[0];
  const before = first ? endOfRevisionBefore(text, first.contentsAt) : undefined;
  if (first && before !== undefined && before < first.end)
    list.push({ index: 0, kind: 'beforeSignatures', signature: null, size: before, end: before });
  signatures.forEach((s, k) => {
    if (list.at(-1)?.end === s.end) return;
    list.push({ index: list.length, kind: 'afterSignature', signature: k + 1, size: s.end, end: s.end });
  });
  if ((list.at(-1)?.end ?? 0) < bytes.length)
    list.push({
      index: list.length,
      kind: 'current',
      signature: null,
      size: bytes.length,
      end: bytes.length,
    });
  return list;
}
