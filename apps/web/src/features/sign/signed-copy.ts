import { fetchBinary } from '../../app/session/binary.ts';

/**
 * `GET /v2/epaks/{ePakId}/documents/{documentId}/signedcopy`: the signer's own copy of a document
 * as their signature left it (signers after them not in it) — served to a guest's link session
 * too. Handed to the browser as a download under the document's name.
 */
export async function downloadSignedCopy(ePakId: string, documentId: string, name: string): Promise<void> {
  const blob = await fetchBinary(`/v2/epaks/${ePakId}/documents/${documentId}/signedcopy`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  a.click();
  // The click has handed the file over; the address is let go after, not before it is read.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
