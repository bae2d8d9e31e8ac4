import {
  Code,
  type CreateRubberStampFields,
  Limits,
  type RubberStamp,
  type ShareRubberStamp,
  type UpdateRubberStampFields,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteRubberStamp,
  findRubberStamp,
  groupsAmong,
  insertRubberStamp,
  listRubberStamps,
  type RubberStampRow,
  type RubberStampShareRow,
  replaceShares,
  rubberStampsSharedWith,
  sharesOf,
  tenantMembersAmong,
  updateRubberStamp,
} from '../../db/repositories/rubber-stamps.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

/** An uploaded stamp image, read from the multipart body. */
export interface StampImageUpload {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * While the tenant's rubber-stamp switch (admin settings, Features) is off: -1 with 409 and
 * `data.feature`, as for team rooms and web forms: the screen says the feature is off.
 */
export async function requireRubberStampsOn(tx: Executor, tenantId: string): Promise<void> {
  const settings = readTenantSettings((await findTenant(tx, tenantId))?.settings);
  if (!settings.features.rubberStamp)
    throw new AppError(
      Code.GENERIC_ERROR,
      'Rubber stamps are off in this tenant (admin settings, Features)',
      {
        httpStatus: 409,
        data: { feature: 'rubberStamp' },
      },
    );
}

/** A stamp nobody may see is reported as missing (404), like templates and letterheads. */
export function rubberStampMissing(): AppError {
  return new AppError(Code.GENERIC_ERROR, 'The rubber stamp does not exist', { httpStatus: 404 });
}

/** The image type by content (a renamed file is not trusted): PNG or JPEG only. */
function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * A stamp image checked as the letterhead's is (the same client messages): PNG or JPEG by
 * content ('Please select image in jpg/png/jpeg', -6), at most 500 KB (`maxSizeExceeded` with
 * `maxUploadSize` in KB, -6 with 413).
 */
function checkedImage(file: StampImageUpload): 'image/png' | 'image/jpeg' {
  if (file.bytes.length > Limits.RUBBER_STAMP_MAX_BYTES)
    throw new AppError(Code.INVALID_INPUT, 'maxSizeExceeded', {
      data: { key: 'maxSizeExceeded', maxUploadSize: Limits.RUBBER_STAMP_MAX_BYTES / 1024 },
      httpStatus: 413,
    });
  const mimeType = imageType(file.bytes);
  if (!mimeType) throw new AppError(Code.INVALID_INPUT, 'Please select image in jpg/png/jpeg');
  return mimeType;
}

async function present(
  row: RubberStampRow,
  shares: readonly RubberStampShareRow[],
  deps: Deps,
): Promise<RubberStamp> {
  const bytes = await deps.blobs.get(row.blobHash);
  const mine = shares.filter((s) => s.rubberStampId === row.id);
  return {
    id: row.id,
    name: row.name,
    height: row.height,
    width: row.width,
    mimeType: row.mimeType,
    size: row.size,
    image: `data:${row.mimeType};base64,${Buffer.from(bytes).toString('base64')}`,
    createdBy: row.createdBy,
    createdOn: row.createdAt.toISOString(),
    updatedOn: row.updatedAt.toISOString(),
    sharedWith: {
      userIds: mine.filter((s) => s.kind === 'user').map((s) => s.principalId),
      groupIds: mine.filter((s) => s.kind === 'group').map((s) => s.principalId),
    },
  };
}

function log(
  tx: Executor,
  actor: TenantActor,
  action: string,
  details: Record<string, unknown>,
  deps: Deps,
): Promise<unknown> {
  return appendActivity(
    tx,
    { tenantId: actor.tenantId, actorUserId: actor.userId, action, details, ip: actor.ip },
    deps.clock.now(),
  );
}

/** `POST /v2/rubberstamp`: an admin adds a stamp (image, name, height and width: spec §5). */
export async function createRubberStamp(
  actor: Actor,
  fields: CreateRubberStampFields,
  file: StampImageUpload | null,
  deps: Deps,
): Promise<RubberStamp> {
  authorizeInTenant(actor, 'rubberStamps.manage');
  await deps.db.withTenant(actor.tenantId, (tx) => requireRubberStampsOn(tx, actor.tenantId));
  if (!file?.bytes.length)
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'The rubber stamp needs its image');
  const mimeType = checkedImage(file);
  const blob = await deps.blobs.put(file.bytes);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await insertRubberStamp(tx, {
      tenantId: actor.tenantId,
      name: fields.name,
      blobHash: blob.hash,
      mimeType,
      size: blob.size,
      height: fields.height,
      width: fields.width,
      createdBy: actor.userId,
    });
    await log(
      tx,
      actor,
      'rubberstamp.created',
      { rubberStampId: row.id, name: row.name, height: row.height, width: row.width, sha256: blob.hash },
      deps,
    );
    return present(row, [], deps);
  });
}

/**
 * `GET /v2/rubberstamp`: admins see every stamp with its share list; everyone else the stamps
 * shared with them, directly or through a group (what their rubberStamp picker offers).
 */
export async function getRubberStamps(actor: Actor, deps: Deps): Promise<RubberStamp[]> {
  authorizeInTenant(actor, 'rubberStamps.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireRubberStampsOn(tx, actor.tenantId);
    if (can(actor, 'rubberStamps.manage')) {
      const rows = await listRubberStamps(tx);
      const shares = await sharesOf(
        tx,
        rows.map((r) => r.id),
      );
      return Promise.all(rows.map((r) => present(r, shares, deps)));
    }
    const rows = await rubberStampsSharedWith(tx, actor.userId);
    return Promise.all(rows.map((r) => present(r, [], deps)));
  });
}

/** `PUT /v2/rubberstamp`: name, height, width and/or a new image. */
export async function editRubberStamp(
  actor: Actor,
  fields: UpdateRubberStampFields,
  file: StampImageUpload | null,
  deps: Deps,
): Promise<RubberStamp> {
  authorizeInTenant(actor, 'rubberStamps.manage');
  await deps.db.withTenant(actor.tenantId, (tx) => requireRubberStampsOn(tx, actor.tenantId));
  const mimeType = file?.bytes.length ? checkedImage(file) : null;
  const blob = file && mimeType ? await deps.blobs.put(file.bytes) : null;
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await updateRubberStamp(
      tx,
      fields.id,
      {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.height !== undefined ? { height: fields.height } : {}),
        ...(fields.width !== undefined ? { width: fields.width } : {}),
        ...(blob && mimeType ? { blobHash: blob.hash, mimeType, size: blob.size } : {}),
      },
      deps.clock.now(),
    );
    if (!row) throw rubberStampMissing();
    await log(
      tx,
      actor,
      'rubberstamp.updated',
      {
        rubberStampId: row.id,
        name: row.name,
        height: row.height,
        width: row.width,
        ...(blob ? { sha256: blob.hash } : {}),
      },
      deps,
    );
    return present(row, await sharesOf(tx, [row.id]), deps);
  });
}

/** `DELETE /v2/rubberstamp/{id}`: stamps already drawn in signed revisions stay there. */
export async function removeRubberStamp(actor: Actor, id: string, deps: Deps): Promise<{ deleted: boolean }> {
  authorizeInTenant(actor, 'rubberStamps.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireRubberStampsOn(tx, actor.tenantId);
    const row = await findRubberStamp(tx, id);
    if (!row) throw rubberStampMissing();
    await deleteRubberStamp(tx, id);
    await log(tx, actor, 'rubberstamp.deleted', { rubberStampId: id, name: row.name }, deps);
    return { deleted: true };
  });
}

/**
 * `POST /v2/rubberstamp/share`: the stamp's whole share list (users and groups of this tenant),
 * replacing the previous one; an unknown user or group is -6 naming it.
 */
export async function shareRubberStamp(
  actor: Actor,
  input: ShareRubberStamp,
  deps: Deps,
): Promise<RubberStamp> {
  authorizeInTenant(actor, 'rubberStamps.manage');
  const userIds = [...new Set(input.userIds)];
  const groupIds = [...new Set(input.groupIds)];
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireRubberStampsOn(tx, actor.tenantId);
    const row = await findRubberStamp(tx, input.id);
    if (!row) throw rubberStampMissing();
    const members = await tenantMembersAmong(tx, userIds);
    const unknownUsers = userIds.filter((u) => !members.has(u));
    const known = await groupsAmong(tx, groupIds);
    const unknownGroups = groupIds.filter((g) => !known.has(g));
    if (unknownUsers.length > 0 || unknownGroups.length > 0)
      throw new AppError(Code.INVALID_INPUT, 'Share with users and groups of this tenant', {
        data: { userIds: unknownUsers, groupIds: unknownGroups },
      });
    await replaceShares(tx, actor.tenantId, row.id, [
      ...userIds.map((principalId) => ({ kind: 'user' as const, principalId })),
      ...groupIds.map((principalId) => ({ kind: 'group' as const, principalId })),
    ]);
    await log(
      tx,
      actor,
      'rubberstamp.shared',
      { rubberStampId: row.id, name: row.name, userIds, groupIds },
      deps,
    );
    return present(row, await sharesOf(tx, [row.id]), deps);
  });
}
