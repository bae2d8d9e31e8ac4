import { createHash } from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import type { IncrementalUpdate } from '../core/incremental-update.ts';
import { BYTE_RANGE_LABEL, BYTE_RANGE_PLACEHOLDER, CONTENTS_LABEL } from './signature-field.ts';

// Shared by signatures (sign-pdf.ts) and document timestamps (document-timestamp.ts): both
// write a revision with a /ByteRange hole, and sign-pdf.ts also appends timestamps, so this
// lives below both.

/**
 * Writes the update and fills /ByteRange. Returns the original bytes and the appended bytes
 * separately so a 50 MB file is never copied just to be signed.
 */
export function writeWithByteRange(up: IncrementalUpdate): {
  original: Uint8Array;
  appended: Buffer;
  byteRange: [number, number, number, number];
} {
  const written = up.write();
  const base = up.doc.bytes.length;
  const contents = written.placeholders.get(CONTENTS_LABEL);
  const br = written.placeholders.get(BYTE_RANGE_LABEL);
  if (!contents || !br) throw new Error('The signature placeholders were not written.');
  const a = contents.offset;
  const b = contents.offset + contents.length;
  const byteRange: [number, number, number, number] = [0, a, b, written.totalLength - b];
  const text = `[0 ${a} ${b} ${written.totalLength - b}]`;
  if (text.length > BYTE_RANGE_PLACEHOLDER.length)
    throw new PdfError(Code.INVALID_DOCUMENT, 'The file is too large.');
  const appended = Buffer.from(
    written.appended.buffer,
    written.appended.byteOffset,
    written.appended.byteLength,
  );
  appended.write(text.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), br.offset - base, 'latin1');
  return { original: up.doc.bytes, appended, byteRange };
}

/** SHA-256 over the two byte ranges of (original ++ appended). */
export function hashRanges(
  original: Uint8Array,
  appended: Uint8Array,
  byteRange: readonly [number, number, number, number],
): Buffer {
  const base = original.length;
  const h = createHash('sha256');
  h.update(original);
  h.update(appended.subarray(0, byteRange[1] - base));
  h.update(appended.subarray(byteRange[2] - base));
  return h.digest();
}
