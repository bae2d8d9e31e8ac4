import { Code, type Document, INVALID_FILE_NAME_CHARS } from '@signet/contracts';
import { extractFormFieldTags, ingestUpload } from '@signet/pdf';
import { findDocument, insertDocument } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { addVersion } from './document-store.ts';
import { withPdfErrors } from './pdf-errors.ts';
import { presentDocument } from './present-document.ts';

/** Uploads larger than this are refused (413): multipart parts and files fetched from OneDrive alike. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** A file name without its folder, checked for characters that break downloads (-67). */
export function documentName(fileName: string): string {
  const name = fileName.split(/[/\\]/).pop()?.trim() ?? '';
  if (!name) throw new AppError(Code.INVALID_FILE_NAME, 'The file has no name');
  if (INVALID_FILE_NAME_CHARS.test(name)) throw new AppError(Code.INVALID_FILE_NAME);
  return name.slice(0, 200);
}

/**
 * `POST /v1/documents`: each upload becomes a PDF we can sign (the engine detects the type by
 * content, converts, decrypts or repairs; signed PDFs are kept byte for byte) and lands in the
 * uploader's library as version 1, with its page geometry and form fields.
 */
export async function uploadDocuments(
  actor: Actor,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  deps: Deps,
): Promise<Document[]> {
  authorizeInTenant(actor, 'documents.upload');
  const out: Document[] = [];
  for await (const file of files)
    out.push(await uploadOne(actor, { fileName: file.fileName, bytes: await file.bytes() }, deps));
  if (out.length === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  return out;
}

async function uploadOne(
  actor: TenantActor,
  file: { fileName: string; bytes: Uint8Array },
  deps: Deps,
): Promise<Document> {
  const name = documentName(file.fileName);
  const tenantId = actor.tenantId;
  // The tenant's own queue in the sandbox pool: another tenant's flood cannot hold this up long.
  const sandbox = { pool: deps.sandbox, tenant: tenantId };
  const ingested = await withPdfErrors(() =>
    ingestUpload(file.bytes, {
      ...sandbox,
      ...(deps.settings.sofficePath ? { soffice: deps.settings.sofficePath } : {}),
    }),
  );
  // The upload got through the pool's queue already: its last step is not refused as busy.
  const formFields = await extractFormFieldTags(ingested.pdf, { ...sandbox, admitted: true }).catch(
    // A file whose fields cannot be read simply has none.
    () => [],
  );
  return deps.db.withTenant(tenantId, async (tx) => {
    const documentId = await insertDocument(tx, {
      tenantId,
      ownerId: actor.userId,
      // Whatever came in is a PDF now; the original name is kept beside it.
      name: `${name.replace(/\.[^.]+$/, '')}.pdf`,
      originalName: name,
      status: 'Uploaded',
      kind: ingested.action,
      pageCount: ingested.pageCount,
      pages: ingested.pages,
      formFields,
    });
    // The upload as it came stays beside the PDF made from it (version 0, never current).
    if (ingested.action !== 'kept')
      await addVersion(
        tx,
        { tenantId, documentId, version: 0, bytes: file.bytes, kind: 'original', createdBy: actor.userId },
        deps,
      );
    const blob = await addVersion(
      tx,
      { tenantId, documentId, version: 1, bytes: ingested.pdf, kind: 'upload', createdBy: actor.userId },
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'document.uploaded',
        details: { documentId, name, sha256: blob.hash, action: ingested.action, pages: ingested.pageCount },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    const row = await findDocument(tx, documentId);
    if (!row) throw new Error('uploaded document vanished');
    return presentDocument(row, { blobHash: blob.hash, size: blob.size });
  });
}
