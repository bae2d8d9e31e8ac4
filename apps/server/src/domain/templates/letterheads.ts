import { Code, type Letterhead, Limits } from '@signet/contracts';
import {
  deleteLetterhead,
  findLetterhead,
  insertLetterhead,
  type LetterheadRow,
  listLetterheads,
} from '../../db/repositories/templates.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import type { DownloadedFile } from '../epaks/download.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireTemplateOwner, templateMissing } from './template-access.ts';

const present = (r: LetterheadRow): Letterhead => ({
  letterHeadDocId: r.id,
  name: r.name,
  mimeType: r.mimeType,
  size: r.size,
  createdBy: r.createdBy,
  createdOn: r.createdAt.toISOString(),
});

/** The image type by content (a renamed file is not trusted): PNG or JPEG only (spec §5). */
function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * `POST /v1/letterheadtemplate`: one image (the queue holds one file), jpg/png/jpeg up to 500 KB,
 * with the client's own message keys so the screen can show them as they are.
 */
export async function uploadLetterhead(
  actor: Actor,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  deps: Deps,
): Promise<Letterhead> {
  authorizeInTenant(actor, 'templates.manage');
  let file: { fileName: string; bytes: Uint8Array } | null = null;
  for await (const f of files) {
    if (file) throw new AppError(Code.INVALID_INPUT, 'Upload one letterhead at a time');
    file = { fileName: f.fileName, bytes: await f.bytes() };
  }
  if (!file) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  const mimeType = imageType(file.bytes);
  if (!mimeType) throw new AppError(Code.INVALID_INPUT, 'Please select image in jpg/png/jpeg');
  if (file.bytes.length > Limits.LETTERHEAD_MAX_BYTES) {
    throw new AppError(Code.INVALID_INPUT, 'maxSizeExceeded', {
      data: { key: 'maxSizeExceeded', maxUploadSize: Limits.LETTERHEAD_MAX_BYTES / 1024 },
      httpStatus: 413,
    });
  }
  const blob = await deps.blobs.put(file.bytes);
  const tenantId = actor.tenantId;
  const name = file.fileName.split(/[/\\]/).pop()?.slice(0, 200) || 'letterhead';
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await insertLetterhead(tx, {
      tenantId,
      name,
      blobHash: blob.hash,
      mimeType,
      size: blob.size,
      createdBy: actor.userId,
    });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'letterhead.uploaded',
        details: { letterHeadDocId: row.id, name, sha256: blob.hash },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return present(row);
  });
}

/** Letterheads are the tenant's: everyone who composes may place any of them. */
export async function getLetterheads(actor: Actor, deps: Deps): Promise<Letterhead[]> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => (await listLetterheads(tx)).map(present));
}

export async function letterheadImage(actor: Actor, id: string, deps: Deps): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'templates.manage');
  const row = await deps.db.withTenant(actor.tenantId, (tx) => findLetterhead(tx, id));
  if (!row) throw templateMissing('letterhead');
  return { fileName: row.name, contentType: row.mimeType, bytes: await deps.blobs.get(row.blobHash) };
}

export async function removeLetterhead(actor: Actor, id: string, deps: Deps): Promise<{ deleted: boolean }> {
  authorizeInTenant(actor, 'templates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await findLetterhead(tx, id);
    if (!row) throw templateMissing('letterhead');
    requireTemplateOwner(actor, row.createdBy, 'letterhead');
    // Letterheads already drawn into signed revisions stay there; the blob goes with the sweep.
    await deleteLetterhead(tx, id);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'letterhead.deleted',
        details: { letterHeadDocId: id, name: row.name },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return { deleted: true };
  });
}
