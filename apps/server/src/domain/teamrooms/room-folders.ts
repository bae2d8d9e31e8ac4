import { Code, type TeamRoomDetail } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteFolder,
  findFolder,
  findFolderByName,
  insertFolders,
  renameFolder,
} from '../../db/repositories/teamrooms.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { logRoom, readRoomDetail } from './manage-rooms.ts';
import { loadRoom } from './room-access.ts';

/** Folder names are unique in a room, ignoring case (-22). */
async function requireFreeFolderName(tx: Executor, teamRoomId: string, name: string, exceptId?: string) {
  const taken = await findFolderByName(tx, teamRoomId, name);
  if (taken && taken.id !== exceptId)
    throw new AppError(Code.DATA_INTEGRITY, 'The team room has a folder of this name', { data: { name } });
}

export async function requireFolder(tx: Executor, teamRoomId: string, folderId: string) {
  const folder = await findFolder(tx, teamRoomId, folderId);
  if (!folder) throw new AppError(Code.GENERIC_ERROR, 'The folder does not exist', { httpStatus: 404 });
  return folder;
}

/** `POST /v1/teamrooms/{teamRoomId}/folders`. */
export async function createRoomFolder(
  actor: Actor,
  teamRoomId: string,
  name: string,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'organise', { lock: true });
    await requireFreeFolderName(tx, room.id, name);
    await insertFolders(tx, [{ tenantId: actor.tenantId, teamRoomId: room.id, name }]);
    await logRoom(tx, actor, 'teamroom.folderCreated', { teamRoomId: room.id, name }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/** `PUT /v1/teamrooms/{teamRoomId}/folders/{folderId}`: renames a folder. */
export async function renameRoomFolder(
  actor: Actor,
  teamRoomId: string,
  folderId: string,
  name: string,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'organise', { lock: true });
    await requireFolder(tx, room.id, folderId);
    await requireFreeFolderName(tx, room.id, name, folderId);
    await renameFolder(tx, folderId, name);
    await logRoom(tx, actor, 'teamroom.folderRenamed', { teamRoomId: room.id, folderId, name }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/** `DELETE /v1/teamrooms/{teamRoomId}/folders/{folderId}`: its documents stay, outside any folder. */
export async function deleteRoomFolder(
  actor: Actor,
  teamRoomId: string,
  folderId: string,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'organise', { lock: true });
    await requireFolder(tx, room.id, folderId);
    await deleteFolder(tx, room.id, folderId);
    await logRoom(tx, actor, 'teamroom.folderDeleted', { teamRoomId: room.id, folderId }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}
