import { Code, type TeamRoomRole } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findRoom, type TeamRoomRow } from '../../db/repositories/teamrooms.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { type RoomAction, roomAllows } from './room-rules.ts';

/**
 * While the tenant's team-room switch (admin settings, Features) is off: -1 with 409 and
 * `data.feature`, as for web forms. Not -11 (the web app would end the session) nor a 403 (it
 * would leave for /accessdenied): the page says the feature is off.
 */
export async function requireTeamRoomsOn(tx: Executor, tenantId: string): Promise<void> {
  const settings = readTenantSettings((await findTenant(tx, tenantId))?.settings);
  if (!settings.features.teamRoom)
    throw new AppError(Code.GENERIC_ERROR, 'Team rooms are off in this tenant (admin settings, Features)', {
      httpStatus: 409,
      data: { feature: 'teamRoom' },
    });
}

export interface LoadedRoom {
  room: TeamRoomRow;
  role: TeamRoomRole;
}

/**
 * The room as the actor may use it for `action`. Someone outside the room learns nothing about
 * it (-1005, as for a room that does not exist, like an ePak one is not part of); a member whose
 * room role does not allow the action gets -11. A room in the trash only reads and is restored.
 */
export async function loadRoom(
  tx: Executor,
  actor: TenantActor,
  teamRoomId: string,
  action: RoomAction,
  opts: { lock?: boolean; allowTrash?: boolean } = {},
): Promise<LoadedRoom> {
  await requireTeamRoomsOn(tx, actor.tenantId);
  const found = await findRoom(tx, teamRoomId, actor.userId, opts);
  if (!found?.role) throw new AppError(Code.TEAMROOM_MISSING);
  const role = found.role as TeamRoomRole;
  if (!roomAllows(role, action))
    throw new AppError(Code.NOT_AUTHORIZED, `Only an owner of the team room may do this (${action})`);
  if (found.room.status === 'TRASH' && action !== 'read' && !opts.allowTrash)
    throw new AppError(Code.GENERIC_ERROR, 'The team room is in the trash; restore it first', {
      httpStatus: 409,
      data: { status: 'TRASH' },
    });
  return { room: found.room, role };
}
