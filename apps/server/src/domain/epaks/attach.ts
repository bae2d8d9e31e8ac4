import { Code } from '@signet/contracts';
import { attachmentOfTag, saveAttachment } from '../../db/repositories/attachments.ts';
import { documentsOfEpak, tagsOfDocument, updateTag } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { uploadDocuments } from '../documents/upload-document.ts';
import { authorizeInTenant } from '../policy.ts';
import { bindDocuments } from './create-epak.ts';
import type { DownloadedFile } from './download.ts';
import { readOnlyTag, tagWritableBy } from './fill-tags.ts';
import { loadEpak, myTurn, requireOwner } from './load-epak.ts';

/** Largest file for an attachment tag, unless the tag sets its own `maxUpload` (KB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `POST /v2/epak/{ePakId}/document/{docId}/tag/{tagId}/attach`: a recipient whose turn it is
 * uploads the file an attachment tag asks for. The file is kept as a blob named by an
 * `epak_attachments` row (which the blob sweep and the ePak's zip read); the tag's value becomes
 * `{title, sha256, size, type}` and it is done (spec §4 attachment tags). -109 without a file.
 */
export async function attachToTag(
  actor: Actor,
  epakId: string,
  documentId: string,
  tagId: string,
  file: { fileName: string; bytes: Uint8Array; mimeType: string } | null,
  deps: Deps,
) {
  authorizeInTenant(actor, 'epaks.act');
  if (!file || file.bytes.length === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const turn = myTurn(loaded);
    if (!turn) throw new AppError(Code.USER_STEP_NOT_PENDING);
    const tag = (await tagsOfDocument(tx, documentId)).find((t) => t.id === tagId);
    if (!tag || tag.recipientId !== turn.id) throw new AppError(Code.NOT_AUTHORIZED, 'That is not your tag');
    if (tag.type !== 'attachment' && tag.type !== 'selfSignAttachment')
      throw new AppError(Code.INVALID_INPUT, 'That tag takes no file');
    if (tag.readOnly || !tagWritableBy(tag, 'signer')) throw readOnlyTag(tag);
    const limitKb = Number((tag.extra as { maxUpload?: number }).maxUpload ?? 0);
    const limit = limitKb > 0 ? limitKb * 1024 : ATTACHMENT_MAX_BYTES;
    if (file.bytes.length > limit)
      throw new AppError(
        Code.SIGNATURE_UPLOAD_SIZE,
        `The file is larger than ${Math.round(limit / 1024)} KB`,
      );
    // Written (and fsynced) before the row that keeps it commits; the sweep spares young blobs.
    const blob = await deps.blobs.put(file.bytes);
    await saveAttachment(tx, {
      tenantId: actor.tenantId,
      epakId,
      documentId,
      tagId,
      recipientId: turn.id,
      fileName: file.fileName,
      mimeType: file.mimeType,
      blobHash: blob.hash,
      size: blob.size,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    const value = JSON.stringify({
      title: file.fileName,
      sha256: blob.hash,
      size: blob.size,
      type: file.mimeType,
    });
    await updateTag(tx, tagId, { value, status: 'done' });
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'tag.attached',
        details: { tagId, sha256: blob.hash, name: file.fileName },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return { tagId, value, status: 'done' as const };
  });
}

/** Types a downloaded attachment keeps; anything else is served as bytes, never rendered. */
const SAFE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'text/plain']);

/** The content type an attachment is served with. */
export function servedType(mimeType: string): string {
  return SAFE_TYPES.has(mimeType.toLowerCase()) ? mimeType.toLowerCase() : 'application/octet-stream';
}

/**
 * `GET /v2/epak/{ePakId}/document/{docId}/tag/{tagId}/attach`: the file given to an attachment
 * tag, for anyone who may see the ePak (-1006 when the tag has none).
 */
export async function downloadAttachment(
  actor: Actor,
  epakId: string,
  documentId: string,
  tagId: string,
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await loadEpak(tx, actor, epakId);
    const attachment = await attachmentOfTag(tx, epakId, documentId, tagId);
    if (!attachment) throw new AppError(Code.DOCUMENT_MISSING);
    return {
      fileName: attachment.fileName,
      contentType: servedType(attachment.mimeType),
      bytes: await deps.blobs.get(attachment.blobHash),
    };
  });
}

/**
 * `POST /v2/epak/{ePakId}/attach`: the owner adds documents to an ePak that has not ended.
 * -109 when no file came.
 */
export async function attachDocuments(
  actor: Actor,
  epakId: string,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  deps: Deps,
) {
  authorizeInTenant(actor, 'epaks.compose');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId);
    requireOwner(loaded, actor);
    if (!['Draft', 'InProgress', 'Stopped'].includes(loaded.epak.status))
      throw new AppError(Code.INVALID_INPUT, 'The ePak has ended');
  });
  const uploaded = await uploadDocuments(actor, files, deps);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const existing = await documentsOfEpak(tx, epakId);
    await bindDocuments(tx, actor, epakId, [
      ...existing.map((d) => d.id),
      ...uploaded.map((d) => d.documentId),
    ]);
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'epak.documentsAttached',
        details: { documents: uploaded.map((d) => d.documentId) },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return uploaded;
  });
}
