import { Code, type Document, INVALID_FILE_NAME_CHARS } from '@signet/contracts';
import { INGEST_LIMITS, mergePdfsWithGeometry } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import {
  currentVersion,
  type DocumentRow,
  findDocument,
  findDocuments,
  findEpak,
  insertDocument,
  libraryOf,
  updateDocument,
} from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { addVersion, currentBytes } from './document-store.ts';
import { withPdfErrors } from './pdf-errors.ts';
import { presentDocument } from './present-document.ts';

/** A document the actor may manage: their own (admins: any in the tenant); -1006 otherwise. */
export async function ownDocument(
  tx: Executor,
  actor: TenantActor,
  documentId: string,
): Promise<DocumentRow> {
  const row = await findDocument(tx, documentId);
  if (!row || row.deletedAt || (row.ownerId !== actor.userId && !can(actor, 'tenant.settings'))) {
    throw new AppError(Code.DOCUMENT_MISSING);
  }
  return row;
}

async function present(tx: Executor, row: DocumentRow): Promise<Document> {
  const version = await currentVersion(tx, row.id);
  if (!version) throw new AppError(Code.DOCUMENT_MISSING);
  return presentDocument(row, version);
}

/** `GET /v1/documents`: the actor's uploaded documents not yet used in an ePak or template. */
export async function listDocuments(actor: Actor, deps: Deps): Promise<Document[]> {
  authorizeInTenant(actor, 'documents.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) =>
    Promise.all((await libraryOf(tx, actor.userId)).map((r) => present(tx, r))),
  );
}

/**
 * `DELETE /v1/documents`: removes library documents. A document bound to an ePak that is not a
 * draft, or to a template, is in use (-82).
 */
export async function deleteDocuments(
  actor: Actor,
  documentIds: string[],
  deps: Deps,
): Promise<{ deleted: number }> {
  authorizeInTenant(actor, 'documents.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    for (const id of documentIds) {
      const row = await ownDocument(tx, actor, id);
      if (row.templateId) throw new AppError(Code.DOCUMENT_IN_USE, `${row.name} belongs to a template`);
      if (row.epakId) {
        const epak = await findEpak(tx, row.epakId);
        if (epak && epak.status !== 'Draft')
          throw new AppError(Code.DOCUMENT_IN_USE, `${row.name} is part of a sent ePak`);
      }
      await updateDocument(tx, id, { deletedAt: deps.clock.now(), epakId: null });
      await appendActivity(
        tx,
        {
          tenantId,
          actorUserId: actor.userId,
          action: 'document.deleted',
          details: { documentId: id },
          ip: actor.ip,
        },
        deps.clock.now(),
      );
    }
    return { deleted: documentIds.length };
  });
}

/** `PUT /v1/document/{documentId}/rename`: -67 for characters file systems refuse. */
export async function renameDocument(
  actor: Actor,
  documentId: string,
  name: string,
  deps: Deps,
): Promise<Document> {
  authorizeInTenant(actor, 'documents.manage');
  if (INVALID_FILE_NAME_CHARS.test(name)) throw new AppError(Code.INVALID_FILE_NAME);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await ownDocument(tx, actor, documentId);
    await updateDocument(tx, documentId, { name });
    return present(tx, { ...row, name });
  });
}

/** `POST /v1/documents/merge`: one new library document from several, in the given order. */
export async function mergeDocuments(
  actor: Actor,
  input: { documentIds: string[]; name: string },
  deps: Deps,
): Promise<Document> {
  authorizeInTenant(actor, 'documents.manage');
  if (INVALID_FILE_NAME_CHARS.test(input.name)) throw new AppError(Code.INVALID_FILE_NAME);
  // The same document twice is refused: repeating one id was how a single request asked for a
  // document many times the page limit.
  const repeated = input.documentIds.find((id, i) => input.documentIds.indexOf(id) !== i);
  if (repeated)
    throw new AppError(Code.DOCUMENT_ALREADY_ADDED, `Document ${repeated} is listed more than once`);
  const tenantId = actor.tenantId;
  const sources = await deps.db.withTenant(tenantId, async (tx) => {
    const rows = await findDocuments(tx, input.documentIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let pages = 0;
    let bytes = 0;
    for (const id of input.documentIds) {
      if (!byId.get(id)) throw new AppError(Code.DOCUMENT_MISSING);
      pages += (await ownDocument(tx, actor, id)).pageCount;
      bytes += (await currentVersion(tx, id))?.size ?? 0;
    }
    // Before any bytes are read: the sums of the stored page counts and sizes (the sandbox
    // checks pages again). A merge may make no more than an upload may be.
    if (pages > INGEST_LIMITS.maxPages) {
      throw new AppError(
        Code.PAGE_LIMIT_EXCEEDED,
        `Together the documents have ${pages} pages; at most ${INGEST_LIMITS.maxPages} are allowed.`,
      );
    }
    if (bytes > INGEST_LIMITS.maxBytes) {
      throw new AppError(
        Code.INVALID_INPUT,
        `Together the documents are ${Math.ceil(bytes / 1024 / 1024)} MB; a document may be at most ${INGEST_LIMITS.maxBytes / 1024 / 1024} MB.`,
      );
    }
    const out: Uint8Array[] = [];
    for (const id of input.documentIds) out.push((await currentBytes(tx, id, deps)).bytes);
    return out;
  });
  // Merging and reading the new document's pages both happen in the sandbox pool.
  const { pdf: merged, pages } = await withPdfErrors(() =>
    mergePdfsWithGeometry(sources, { pool: deps.sandbox, tenant: tenantId }),
  );
  return deps.db.withTenant(tenantId, async (tx) => {
    const documentId = await insertDocument(tx, {
      tenantId,
      ownerId: actor.userId,
      name: input.name.endsWith('.pdf') ? input.name : `${input.name}.pdf`,
      originalName: input.name,
      kind: 'created',
      pageCount: pages.length,
      pages,
    });
    await addVersion(
      tx,
      { tenantId, documentId, version: 1, bytes: merged, kind: 'merge', createdBy: actor.userId },
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'document.merged',
        details: { documentId, from: input.documentIds },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    const row = await findDocument(tx, documentId);
    if (!row) throw new Error('merged document vanished');
    return present(tx, row);
  });
}

/** `GET /v1/documents/{documentId}/preconfiguredtags`: the PDF's form fields as tags to place. */
export async function preconfiguredTags(actor: Actor, documentId: string, deps: Deps) {
  authorizeInTenant(actor, 'documents.upload');
  const row = await deps.db.withTenant(actor.tenantId, (tx) => ownDocument(tx, actor, documentId));
  return row.formFields;
}
