import {
  type CloneTeamRoom,
  Code,
  type CreateTeamRoom,
  type TeamRoom,
  type TeamRoomDetail,
  type TeamRoomRole,
  type TeamRoomStatus,
  type UpdateTeamRoom,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  documentsOfRoom,
  findRoomByName,
  foldersOfRoom,
  insertFolders,
  insertMembers,
  insertRoom,
  membersOfRoom,
  roomsOf,
  updateRoom,
} from '../../db/repositories/teamrooms.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentUserRef } from '../users/present-user.ts';
import { presentRoom, presentRoomDocument } from './present-room.ts';
import { loadRoom, requireTeamRoomsOn } from './room-access.ts';

async function requireFreeName(tx: Executor, name: string, exceptId?: string): Promise<void> {
  const taken = await findRoomByName(tx, name);
  if (taken && taken.id !== exceptId) throw new AppError(Code.TEAMROOM_NAME_EXISTS);
}

export function logRoom(
  tx: Executor,
  actor: TenantActor,
  action: string,
  details: Record<string, unknown>,
  deps: Deps,
) {
  return appendActivity(
    tx,
    { tenantId: actor.tenantId, actorUserId: actor.userId, action, details, ip: actor.ip },
    deps.clock.now(),
  );
}

/** `GET /v1/teamrooms`: the rooms the actor is in (status ENABLED, or TRASH for the trash). */
export async function listRooms(actor: Actor, status: TeamRoomStatus, deps: Deps): Promise<TeamRoom[]> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireTeamRoomsOn(tx, actor.tenantId);
    const rows = await roomsOf(tx, actor.userId, status);
    return rows.map((r) => presentRoom(r.room, r.myRole as TeamRoomRole, r));
  });
}

/** `POST /v1/teamrooms`: a new room; its creator is its first owner. */
export async function createRoom(actor: Actor, input: CreateTeamRoom, deps: Deps): Promise<TeamRoom> {
  authorizeInTenant(actor, 'teamrooms.create');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireTeamRoomsOn(tx, actor.tenantId);
    await requireFreeName(tx, input.name);
    const room = await insertRoom(tx, {
      tenantId: actor.tenantId,
      name: input.name,
      description: input.description,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    await insertMembers(tx, [
      {
        tenantId: actor.tenantId,
        teamRoomId: room.id,
        userId: actor.userId,
        role: 'owner',
        addedBy: actor.userId,
      },
    ]);
    await logRoom(tx, actor, 'teamroom.created', { teamRoomId: room.id, name: room.name }, deps);
    return presentRoom(room, 'owner', { memberCount: 1, documentCount: 0 });
  });
}

/** The room with its members, folders and documents (each with the ePak started from it). */
export async function readRoomDetail(
  tx: Executor,
  actor: TenantActor,
  teamRoomId: string,
): Promise<TeamRoomDetail> {
  const { room, role } = await loadRoom(tx, actor, teamRoomId, 'read');
  const members = await membersOfRoom(tx, teamRoomId);
  const folders = await foldersOfRoom(tx, teamRoomId);
  const documents = await documentsOfRoom(tx, teamRoomId);
  return {
    ...presentRoom(room, role, { memberCount: members.length, documentCount: documents.length }),
    members: members.map((m) => ({
      user: presentUserRef(m.user, m.membership),
      role: m.member.role as TeamRoomRole,
      addedOn: m.member.addedAt.toISOString(),
    })),
    folders: folders.map((f) => ({ folderId: f.id, name: f.name })),
    documents: documents.map(presentRoomDocument),
  };
}

/** `GET /v1/teamrooms/{teamRoomId}`. */
export async function getRoom(actor: Actor, teamRoomId: string, deps: Deps): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, (tx) => readRoomDetail(tx, actor, teamRoomId));
}

/** `PUT /v1/teamrooms/{teamRoomId}` (owners): rename, describe, trash or restore. */
export async function changeRoom(
  actor: Actor,
  teamRoomId: string,
  input: UpdateTeamRoom,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'manage', { lock: true, allowTrash: true });
    // In the trash a room only comes back; renaming waits until it has.
    const restoringOnly = room.status === 'TRASH' && input.status !== 'ENABLED';
    if (restoringOnly && (input.name !== undefined || input.description !== undefined))
      throw new AppError(Code.GENERIC_ERROR, 'The team room is in the trash; restore it first', {
        httpStatus: 409,
        data: { status: 'TRASH' },
      });
    if (input.name !== undefined) await requireFreeName(tx, input.name, room.id);
    await updateRoom(tx, room.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updatedAt: deps.clock.now(),
    });
    await logRoom(tx, actor, 'teamroom.updated', { teamRoomId: room.id, ...input }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/**
 * `POST /v1/teamrooms/clone/{teamRoomId}`: a new room with the same description and folders (and
 * members, unless `includeMembers` is false); the documents stay in the original. The cloner owns
 * the copy. Any member may clone: the copy holds nothing they could not already see.
 */
export async function cloneRoom(
  actor: Actor,
  teamRoomId: string,
  input: CloneTeamRoom,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.create');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'clone', { allowTrash: true });
    const name = input.name ?? `${room.name} (copy)`.slice(0, 100);
    await requireFreeName(tx, name);
    const copy = await insertRoom(tx, {
      tenantId: actor.tenantId,
      name,
      description: room.description,
      createdBy: actor.userId,
      createdAt: deps.clock.now(),
    });
    const members = input.includeMembers ? await membersOfRoom(tx, room.id) : [];
    await insertMembers(tx, [
      {
        tenantId: actor.tenantId,
        teamRoomId: copy.id,
        userId: actor.userId,
        role: 'owner',
        addedBy: actor.userId,
      },
      ...members
        .filter((m) => m.member.userId !== actor.userId)
        .map((m) => ({
          tenantId: actor.tenantId,
          teamRoomId: copy.id,
          userId: m.member.userId,
          role: m.member.role,
          addedBy: actor.userId,
        })),
    ]);
    const folders = await foldersOfRoom(tx, room.id);
    await insertFolders(
      tx,
      folders.map((f) => ({ tenantId: actor.tenantId, teamRoomId: copy.id, name: f.name })),
    );
    await logRoom(tx, actor, 'teamroom.cloned', { teamRoomId: copy.id, from: room.id, name }, deps);
    return readRoomDetail(tx, actor, copy.id);
  });
}
