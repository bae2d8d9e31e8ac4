import { Code, INVALID_FILE_NAME_CHARS, type TeamRoomDetail } from '@signet/contracts';
import { extractFormFieldTags, ingestUpload } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import {
  deleteRoomDocument,
  documentsOfRoom,
  insertRoomDocument,
  updateRoomDocument,
} from '../../db/repositories/teamrooms.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { documentName } from '../documents/upload-document.ts';
import type { DownloadedFile } from '../epaks/download.ts';
import { authorizeInTenant } from '../policy.ts';
import { logRoom, readRoomDetail } from './manage-rooms.ts';
import { presentRoomDocument, useOf } from './present-room.ts';
import { loadRoom } from './room-access.ts';
import { requireFolder } from './room-folders.ts';
import { isLocked } from './room-rules.ts';

/** One document of the room, or -1006. */
export async function roomDocument(tx: Executor, teamRoomId: string, documentId: string) {
  const [row] = await documentsOfRoom(tx, teamRoomId, [documentId]);
  if (!row) throw new AppError(Code.DOCUMENT_MISSING);
  return row;
}

/**
 * `POST /v1/teamrooms/{teamRoomId}/documents` (multipart, `folderId` in the query): every file
 * goes through the engine's ingest as library uploads do (type by content, conversion, repair),
 * in the tenant's own sandbox queue, and is kept as a blob of the room.
 */
export async function uploadRoomDocuments(
  actor: Actor,
  teamRoomId: string,
  folderId: string | undefined,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  // Checked before any file is read, so a non-member cannot make the server convert anything.
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'upload');
    if (folderId) await requireFolder(tx, room.id, folderId);
  });
  let count = 0;
  for await (const file of files) {
    await uploadOne(
      actor,
      teamRoomId,
      folderId ?? null,
      { fileName: file.fileName, bytes: await file.bytes() },
      deps,
    );
    count++;
  }
  if (count === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  return deps.db.withTenant(actor.tenantId, (tx) => readRoomDetail(tx, actor, teamRoomId));
}

async function uploadOne(
  actor: TenantActor,
  teamRoomId: string,
  folderId: string | null,
  file: { fileName: string; bytes: Uint8Array },
  deps: Deps,
): Promise<void> {
  const name = documentName(file.fileName);
  const sandbox = { pool: deps.sandbox, tenant: actor.tenantId };
  const ingested = await withPdfErrors(() =>
    ingestUpload(file.bytes, {
      ...sandbox,
      ...(deps.settings.sofficePath ? { soffice: deps.settings.sofficePath } : {}),
    }),
  );
  const formFields = await extractFormFieldTags(ingested.pdf, { ...sandbox, admitted: true }).catch(() => []);
  // The blob is written and fsynced before the row that points to it commits.
  const blob = await deps.blobs.put(ingested.pdf);
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    // Checked again: the room may have been trashed or the folder deleted while converting.
    const { room } = await loadRoom(tx, actor, teamRoomId, 'upload', { lock: true });
    if (folderId) await requireFolder(tx, room.id, folderId);
    const row = await insertRoomDocument(tx, {
      tenantId: actor.tenantId,
      teamRoomId: room.id,
      folderId,
      name: `${name.replace(/\.[^.]+$/, '')}.pdf`,
      originalName: name,
      kind: ingested.action,
      pageCount: ingested.pageCount,
      pages: ingested.pages,
      formFields,
      blobHash: blob.hash,
      size: blob.size,
      uploadedBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    await logRoom(
      tx,
      actor,
      'teamroom.documentUploaded',
      { teamRoomId: room.id, documentId: row.id, name, sha256: blob.hash, pages: ingested.pageCount },
      deps,
    );
  });
}

/** `PUT /v1/teamrooms/{teamRoomId}/documents/{documentId}`: moves (folderId, null for none) and/or renames. */
export async function updateRoomDocumentOf(
  actor: Actor,
  teamRoomId: string,
  documentId: string,
  input: { folderId?: string | null | undefined; name?: string | undefined },
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'organise', { lock: true });
    await roomDocument(tx, room.id, documentId);
    if (input.folderId) await requireFolder(tx, room.id, input.folderId);
    if (input.name !== undefined && INVALID_FILE_NAME_CHARS.test(input.name))
      throw new AppError(Code.INVALID_FILE_NAME);
    await updateRoomDocument(tx, documentId, {
      ...(input.folderId !== undefined ? { folderId: input.folderId } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
    });
    await logRoom(tx, actor, 'teamroom.documentChanged', { teamRoomId: room.id, documentId, ...input }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/** `DELETE /v1/teamrooms/{teamRoomId}/documents/{documentId}`: -82 while the document is locked by an ePak. */
export async function deleteRoomDocumentOf(
  actor: Actor,
  teamRoomId: string,
  documentId: string,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'organise', { lock: true });
    const row = await roomDocument(tx, room.id, documentId);
    if (isLocked(useOf(row)))
      throw new AppError(Code.DOCUMENT_IN_USE, `${row.doc.name} is used by an ePak; unlock it first`);
    await deleteRoomDocument(tx, documentId);
    await logRoom(tx, actor, 'teamroom.documentDeleted', { teamRoomId: room.id, documentId }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/** `GET /v1/teamrooms/{teamRoomId}/documents/{documentId}/download`: the PDF as uploaded. */
export async function downloadRoomDocument(
  actor: Actor,
  teamRoomId: string,
  documentId: string,
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'teamrooms.use');
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await loadRoom(tx, actor, teamRoomId, 'read');
    return roomDocument(tx, teamRoomId, documentId);
  });
  return {
    fileName: presentRoomDocument(row).name,
    contentType: 'application/pdf',
    bytes: await deps.blobs.get(row.doc.blobHash),
  };
}
