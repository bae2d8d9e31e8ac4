import { Code } from '@signet/contracts/errors';
import { PdfDocument } from '../core/document.ts';
import { PdfError } from '../core/errors.ts';
import { IncrementalUpdate } from '../core/incremental-update.ts';
import { writeWithByteRange } from './byte-range.ts';
import { addSignaturePlaceholder } from './signature-field.ts';
import { requestTimestamp, type TsaConfig } from './timestamp.ts';

const TOKEN_ROOM = 16_384;

/**
 * Appends a document timestamp (PAdES B-LTA, ETSI.RFC3161): one revision whose token covers the
 * whole file as it is, including earlier signatures and their validation data.
 */
export async function addDocumentTimestamp(pdf: Uint8Array, tsa: TsaConfig): Promise<Uint8Array> {
  const up = new IncrementalUpdate(PdfDocument.open(pdf));
  await addSignaturePlaceholder(up, {
    kind: 'timestamp',
    subFilter: 'ETSI.RFC3161',
    contentsBytes: TOKEN_ROOM,
  });
  const { original, appended, byteRange } = writeWithByteRange(up);
  const base = original.length;
  const token = await requestTimestamp(tsa, [
    original,
    appended.subarray(0, byteRange[1] - base),
    appended.subarray(byteRange[2] - base),
  ]);
  const hex = Buffer.from(token).toString('hex');
  if (hex.length > TOKEN_ROOM * 2) throw new PdfError(Code.SYSTEM_ERROR, 'The timestamp token is too large.');
  appended.write(hex, byteRange[1] - base + 1, 'latin1');
  return Buffer.concat([original, appended]);
}
