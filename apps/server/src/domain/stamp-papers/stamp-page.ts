import { indiaStateName } from '@signet/contracts';
import { buildTextDocument, mergePdfsWithGeometry, type SandboxPool } from '@signet/pdf';
import type { BlobStore } from '../../adapters/storage/blob-store.ts';
import type { StampPaperRow } from '../../db/repositories/stamp-papers.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';

const A4_TEXT_WIDTH = 595.28 - 2 * 50;

/** The page of a paper imported without a certificate (CSV): it states the paper. */
export function generatedStampPage(
  row: Pick<StampPaperRow, 'stampId' | 'stateCode' | 'denomination'>,
): Uint8Array {
  return buildTextDocument(
    [
      { kind: 'title', text: 'e-Stamp paper' },
      {
        kind: 'keyValues',
        rows: [
          ['Stamp id', row.stampId],
          ['State', `${indiaStateName(row.stateCode) || row.stateCode} (${row.stateCode})`],
          ['Denomination', `INR ${row.denomination.toLocaleString('en-IN')}`],
        ],
      },
    ],
    { maxPages: 1, footer: `Stamp paper ${row.stampId}` },
  ).pdf;
}

/**
 * The stamp page as a PDF: the certificate PDF as uploaded, an image certificate drawn on an A4
 * page (aspect kept, within the margins), or the generated page.
 */
export async function stampPagePdf(row: StampPaperRow, blobs: BlobStore): Promise<Uint8Array> {
  if (!row.certificateBlobHash) return generatedStampPage(row);
  const bytes = await blobs.get(row.certificateBlobHash);
  if (row.certificateType === 'application/pdf') return bytes;
  return buildTextDocument([{ kind: 'image', bytes, width: A4_TEXT_WIDTH }], { maxPages: 1 }).pdf;
}

/**
 * A document with the stamp page first (certificate PDFs are one page: checked when added), then
 * the document's pages. In the sandbox, in the
 * tenant's queue, with the new page geometry.
 */
export async function prependStampPage(
  row: StampPaperRow,
  document: Uint8Array,
  deps: { blobs: BlobStore; sandbox: SandboxPool },
  tenantId: string,
) {
  const page = await stampPagePdf(row, deps.blobs);
  return withPdfErrors(() =>
    mergePdfsWithGeometry([page, document], { pool: deps.sandbox, tenant: tenantId }),
  );
}
