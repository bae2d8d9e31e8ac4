import { Code, type TeamRoomDetail, type TeamRoomRole } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import {
  deleteMember,
  insertMembers,
  membersOfRoom,
  setMemberRole,
} from '../../db/repositories/teamrooms.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { logRoom, readRoomDetail } from './manage-rooms.ts';
import { loadRoom } from './room-access.ts';

/** Membership statuses that may join a room: people who work in the tenant or were invited to. */
const JOINABLE = ['enabled', 'admininvited', 'invitewithdelegation'];

/**
 * `POST /v1/teamrooms/{teamRoomId}/members` (owners): adds tenant users whose role may use team
 * rooms; -3 for anyone else (not in the tenant, disabled, or a registrar). People already in the
 * room keep their role.
 */
export async function addRoomMembers(
  actor: Actor,
  teamRoomId: string,
  input: { userIds: string[]; role: TeamRoomRole },
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'manage', { lock: true });
    const ids = [...new Set(input.userIds)];
    const people = await findMembersByIds(tx, ids);
    for (const id of ids) {
      const p = people.find((m) => m.user.id === id);
      if (
        !p ||
        !JOINABLE.includes(p.membership.status) ||
        !can({ role: p.membership.role as TenantActor['role'] }, 'teamrooms.use')
      )
        throw new AppError(Code.USER_NOT_FOUND, 'This person cannot join team rooms in this tenant', {
          data: { userId: id },
        });
    }
    await insertMembers(
      tx,
      ids.map((userId) => ({
        tenantId: actor.tenantId,
        teamRoomId: room.id,
        userId,
        role: input.role,
        addedBy: actor.userId,
      })),
    );
    await logRoom(
      tx,
      actor,
      'teamroom.membersAdded',
      { teamRoomId: room.id, userIds: ids, role: input.role },
      deps,
    );
    return readRoomDetail(tx, actor, room.id);
  });
}

async function requireAnotherOwner(tx: Executor, teamRoomId: string, userId: string): Promise<void> {
  const members = await membersOfRoom(tx, teamRoomId);
  const target = members.find((m) => m.member.userId === userId);
  if (!target) throw new AppError(Code.USER_NOT_FOUND, 'This person is not in the team room');
  if (
    target.member.role === 'owner' &&
    !members.some((m) => m.member.role === 'owner' && m.member.userId !== userId)
  )
    throw new AppError(Code.DATA_INTEGRITY, 'A team room keeps at least one owner');
}

/** `PUT /v1/teamrooms/{teamRoomId}/members/{userId}` (owners): changes a member's room role. */
export async function changeRoomMember(
  actor: Actor,
  teamRoomId: string,
  userId: string,
  role: TeamRoomRole,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'manage', { lock: true });
    if (role !== 'owner') await requireAnotherOwner(tx, room.id, userId);
    else if (!(await membersOfRoom(tx, room.id)).some((m) => m.member.userId === userId))
      throw new AppError(Code.USER_NOT_FOUND, 'This person is not in the team room');
    await setMemberRole(tx, room.id, userId, role);
    await logRoom(tx, actor, 'teamroom.memberChanged', { teamRoomId: room.id, userId, role }, deps);
    return readRoomDetail(tx, actor, room.id);
  });
}

/**
 * `DELETE /v1/teamrooms/{teamRoomId}/members/{userId}`: an owner removes a member, or anyone
 * leaves; the last owner can do neither (-22). Answers the room, or null for someone who left.
 */
export async function removeRoomMember(
  actor: Actor,
  teamRoomId: string,
  userId: string,
  deps: Deps,
): Promise<TeamRoomDetail | null> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const leaving = userId === actor.userId;
    const { room } = await loadRoom(tx, actor, teamRoomId, leaving ? 'read' : 'manage', {
      lock: true,
      allowTrash: true,
    });
    await requireAnotherOwner(tx, room.id, userId);
    await deleteMember(tx, room.id, userId);
    await logRoom(tx, actor, 'teamroom.memberRemoved', { teamRoomId: room.id, userId }, deps);
    return leaving ? null : readRoomDetail(tx, actor, room.id);
  });
}
