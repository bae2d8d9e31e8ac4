import { PDF } from '@libpdf/core';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { pageCount } from '../core/pages.ts';
import { checkDecodedSize } from '../ingest/decoded-size.ts';
import { INGEST_LIMITS } from '../ingest/ingest-limits.ts';
import { geometryOf, type PageGeometryResult, requireGeometry } from '../ingest/pdf-structure.ts';
import { mergePdfsSandboxed, type SandboxOptions } from '../ingest/sandbox.ts';

/**
 * One new PDF with the pages of every input, in order (`/v1/documents/merge`). Inputs are PDFs
 * that went through ingest; signatures of the inputs do not carry over (a new document). The
 * merge parses every page, so it runs in the sandbox like other full parses, and the new
 * document's page geometry is read there too.
 */
export async function mergePdfs(
  sources: readonly Uint8Array[],
  opts: SandboxOptions = {},
): Promise<Uint8Array> {
  return (await mergePdfsWithGeometry(sources, opts)).pdf;
}

export async function mergePdfsWithGeometry(
  sources: readonly Uint8Array[],
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array } & PageGeometryResult> {
  if (sources.length === 0) throw new PdfError(Code.NO_NEW_DOCUMENT_ATTACHED, 'No documents to merge.');
  return mergePdfsSandboxed([...sources], opts);
}

/**
 * The merge itself; called inside the sandbox process. The page limit holds for the sum and is
 * checked from each input's page count before anything is merged; every input, and the result,
 * must keep within the decoded-bytes budget of one document.
 */
export async function mergePdfsInProcess(
  sources: readonly Uint8Array[],
  maxPages: number = INGEST_LIMITS.maxPages,
): Promise<{ pdf: Uint8Array } & PageGeometryResult> {
  if (sources.length === 0) throw new PdfError(Code.NO_NEW_DOCUMENT_ATTACHED, 'No documents to merge.');
  let total = 0;
  for (const source of sources) {
    const doc = checkDecodedSize(source);
    if (doc) total += pageCount(doc);
    if (total > maxPages) throw pageLimit(maxPages);
  }
  let pdf: Uint8Array;
  try {
    const merged = await PDF.merge([...sources]);
    pdf = await merged.save({ useXRefStream: false });
  } catch (e) {
    if (e instanceof PdfError) throw e;
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      'The documents could not be merged: one of them is not a readable PDF.',
    );
  }
  const doc = checkDecodedSize(pdf);
  if (!doc) throw new PdfError(Code.INVALID_DOCUMENT, 'The merged document could not be read back.');
  return { pdf, ...requireGeometry(geometryOf(doc, maxPages)) };
}

function pageLimit(maxPages: number): PdfError {
  return new PdfError(
    Code.PAGE_LIMIT_EXCEEDED,
    `Together the documents have more than ${maxPages} pages, the most one document may have.`,
  );
}
