import { PDF } from '@libpdf/core';
import { Code } from '@signet/contracts';
import { PdfError } from '../core/errors.ts';
import { mergePdfsSandboxed, type SandboxOptions } from '../ingest/sandbox.ts';

/**
 * One new PDF with the pages of every input, in order (`/v1/documents/merge`). Inputs are PDFs
 * that went through ingest; signatures of the inputs do not carry over (a new document). The
 * merge parses every page, so it runs in the sandbox like other full parses.
 */
export async function mergePdfs(
  sources: readonly Uint8Array[],
  opts: SandboxOptions = {},
): Promise<Uint8Array> {
  if (sources.length === 0) throw new PdfError(Code.NO_NEW_DOCUMENT_ATTACHED, 'No documents to merge.');
  return mergePdfsSandboxed([...sources], opts);
}

/** The merge itself; called inside the sandbox process. */
export async function mergePdfsInProcess(sources: readonly Uint8Array[]): Promise<Uint8Array> {
  if (sources.length === 0) throw new PdfError(Code.NO_NEW_DOCUMENT_ATTACHED, 'No documents to merge.');
  try {
    const merged = await PDF.merge([...sources]);
    return await merged.save({ useXRefStream: false });
  } catch (e) {
    if (e instanceof PdfError) throw e;
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      'The documents could not be merged: one of them is not a readable PDF.',
    );
  }
}
