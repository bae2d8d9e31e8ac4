import { Code, type CreateGroup, type Group, type UpdateGroup } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteGroup as deleteGroupRow,
  findGroup,
  findGroupByName,
  insertGroup,
  listGroups as listGroupRows,
  membersOf,
  removeMembers,
  renameGroup,
  setManagers,
  upsertMembers,
} from '../../db/repositories/groups.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { presentGroups } from './present-group.ts';

/** -3 unless every id is a member of the tenant. */
export async function requireMembers(tx: Executor, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  const found = await findMembersByIds(tx, unique);
  if (found.length !== unique.length) {
    const known = new Set(found.map((f) => f.user.id));
    throw new AppError(
      Code.USER_NOT_FOUND,
      `Not members of this tenant: ${unique.filter((u) => !known.has(u)).join(', ')}`,
    );
  }
}

async function requireGroup(tx: Executor, groupId: string) {
  const group = await findGroup(tx, groupId);
  if (!group) throw new AppError(Code.GENERIC_ERROR, 'The group does not exist', { httpStatus: 404 });
  return group;
}

/** Group names are unique in a tenant (case-insensitive): -141 when taken. */
async function requireFreeName(tx: Executor, name: string, exceptId?: string): Promise<void> {
  const same = await findGroupByName(tx, name);
  if (same && same.id !== exceptId)
    throw new AppError(Code.DUPLICATE_MANAGER_GROUP, 'A group with this name exists');
}

async function presentOne(tx: Executor, groupId: string): Promise<Group> {
  const [group] = await presentGroups(tx, [await requireGroup(tx, groupId)]);
  if (!group) throw new Error('group vanished');
  return group;
}

function log(tx: Executor, actor: TenantActor, action: string, details: Record<string, unknown>, deps: Deps) {
  return appendActivity(
    tx,
    { tenantId: actor.tenantId, actorUserId: actor.userId, action, details, ip: actor.ip },
    deps.clock.now(),
  );
}

/** `GET /v1/groups`. */
export async function listGroups(actor: Actor, deps: Deps): Promise<{ groups: Group[] }> {
  authorizeInTenant(actor, 'groups.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => ({
    groups: await presentGroups(tx, await listGroupRows(tx)),
  }));
}

/** `GET /v1/groups/{id}`. */
export async function getGroup(actor: Actor, groupId: string, deps: Deps): Promise<Group> {
  authorizeInTenant(actor, 'groups.read');
  return deps.db.withTenant(actor.tenantId, (tx) => presentOne(tx, groupId));
}

/** `POST /v1/groups`: a group with its first members; managers are members too. */
export async function createGroup(actor: Actor, input: CreateGroup, deps: Deps): Promise<Group> {
  authorizeInTenant(actor, 'groups.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireFreeName(tx, input.groupName);
    await requireMembers(tx, [...input.users, ...input.managers]);
    const id = await insertGroup(tx, {
      tenantId: actor.tenantId,
      name: input.groupName,
      createdBy: actor.userId,
    });
    await upsertMembers(tx, actor.tenantId, id, input.managers, true);
    await upsertMembers(
      tx,
      actor.tenantId,
      id,
      input.users.filter((u) => !input.managers.includes(u)),
      false,
    );
    await log(tx, actor, 'group.created', { groupId: id, name: input.groupName }, deps);
    return presentOne(tx, id);
  });
}

/** `PUT /v1/groups`: rename, and/or replace the set of managers (who must be members). */
export async function updateGroup(actor: Actor, input: UpdateGroup, deps: Deps): Promise<Group> {
  authorizeInTenant(actor, 'groups.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireGroup(tx, input.groupId);
    if (input.groupName) {
      await requireFreeName(tx, input.groupName, input.groupId);
      await renameGroup(tx, input.groupId, input.groupName);
    }
    if (input.managers) {
      await requireMembers(tx, input.managers);
      await upsertMembers(tx, actor.tenantId, input.groupId, input.managers, true);
      await setManagers(tx, input.groupId, input.managers);
    }
    await log(
      tx,
      actor,
      'group.updated',
      { groupId: input.groupId, name: input.groupName, managers: input.managers },
      deps,
    );
    return presentOne(tx, input.groupId);
  });
}

/** `DELETE /v1/groups/{groupId}`. */
export async function deleteGroup(actor: Actor, groupId: string, deps: Deps): Promise<{ ok: true }> {
  authorizeInTenant(actor, 'groups.manage');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const group = await requireGroup(tx, groupId);
    await deleteGroupRow(tx, groupId);
    await log(tx, actor, 'group.deleted', { groupId, name: group.name }, deps);
  });
  return { ok: true };
}

/** Admins change any group's members; a group's managers change its plain members. */
async function authorizeMembersChange(
  tx: Executor,
  actor: TenantActor,
  groupId: string,
  touchesManagers: boolean,
) {
  if (can(actor, 'groups.members')) return;
  const members = await membersOf(tx, [groupId]);
  const isManager = members.some((m) => m.user.id === actor.userId && m.isManager);
  if (!isManager || touchesManagers)
    throw new AppError(Code.NOT_AUTHORIZED, 'Only admins and the group managers may do this');
}

/** `POST /v1/groups/{groupId}/users`: adds members, or managers (-172 when already one). */
export async function addGroupMembers(
  actor: Actor,
  groupId: string,
  input: { userIds: string[]; manager: boolean },
  deps: Deps,
): Promise<Group> {
  authorizeInTenant(actor, 'groups.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireGroup(tx, groupId);
    await authorizeMembersChange(tx, actor, groupId, input.manager);
    await requireMembers(tx, input.userIds);
    if (input.manager) {
      const current = await membersOf(tx, [groupId]);
      const already = current.filter((m) => m.isManager && input.userIds.includes(m.user.id));
      if (already.length > 0)
        throw new AppError(
          Code.ALREADY_GROUP_MANAGER,
          `Already a manager: ${already.map((m) => m.user.email).join(', ')}`,
        );
    }
    await upsertMembers(tx, actor.tenantId, groupId, input.userIds, input.manager);
    await log(
      tx,
      actor,
      'group.membersAdded',
      { groupId, userIds: input.userIds, manager: input.manager },
      deps,
    );
    return presentOne(tx, groupId);
  });
}

/** `DELETE /v1/groups/{groupId}/users`: removes plain members; a manager must stop managing first (-165). */
export async function removeGroupMembers(
  actor: Actor,
  groupId: string,
  userIds: string[],
  deps: Deps,
): Promise<Group> {
  authorizeInTenant(actor, 'groups.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireGroup(tx, groupId);
    await authorizeMembersChange(tx, actor, groupId, false);
    const current = await membersOf(tx, [groupId]);
    const managers = current.filter((m) => m.isManager && userIds.includes(m.user.id));
    if (managers.length > 0) {
      throw new AppError(
        Code.CANNOT_DELETE_MANAGER,
        `Remove the manager role first: ${managers.map((m) => m.user.email).join(', ')}`,
      );
    }
    await removeMembers(tx, groupId, userIds);
    await log(tx, actor, 'group.membersRemoved', { groupId, userIds }, deps);
    return presentOne(tx, groupId);
  });
}
