import { Code } from '@signet/contracts';
import { ingestUpload } from '@signet/pdf';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { withPdfErrors } from './pdf-errors.ts';
import { documentName } from './upload-document.ts';

export interface ConvertedDocument {
  /** The upload's name with `.pdf`. */
  name: string;
  pdf: Uint8Array;
  pageCount: number;
  /** What the engine did: converted (office), created (image, XML), repaired, decrypted or kept (PDF). */
  action: string;
}

/**
 * `POST /v1/document/convert`: one office, image or XML file (or a PDF, repaired or decrypted
 * when it needs it) turned into the PDF an upload would make, through the same engine and
 * sandbox. Nothing is stored: the caller gets the PDF and uploads it if it wants to keep it.
 */
export async function convertDocument(
  actor: Actor,
  /** Read after the permission check: a caller who may not convert never streams a body. */
  upload: () => Promise<{ fileName: string; bytes: Uint8Array } | undefined>,
  deps: Deps,
): Promise<ConvertedDocument> {
  authorizeInTenant(actor, 'documents.upload');
  const file = await upload();
  if (!file) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  const name = documentName(file.fileName);
  const ingested = await withPdfErrors(() =>
    ingestUpload(file.bytes, {
      pool: deps.sandbox,
      tenant: actor.tenantId,
      ...(deps.settings.sofficePath ? { soffice: deps.settings.sofficePath } : {}),
    }),
  );
  return {
    name: `${name.replace(/\.[^.]+$/, '')}.pdf`,
    pdf: ingested.pdf,
    pageCount: ingested.pageCount,
    action: ingested.action,
  };
}
