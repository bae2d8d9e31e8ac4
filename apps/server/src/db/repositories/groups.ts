import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { groupMembers, groups, users, userTenants } from '../schema/index.ts';

export type GroupRow = typeof groups.$inferSelect;

export function listGroups(tx: Executor): Promise<GroupRow[]> {
  return tx.select().from(groups).orderBy(asc(groups.name));
}

export async function findGroup(tx: Executor, groupId: string): Promise<GroupRow | null> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, groupId));
  return row ?? null;
}

export async function findGroupByName(tx: Executor, name: string): Promise<GroupRow | null> {
  const [row] = await tx.select().from(groups).where(sql`lower(${groups.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertGroup(tx: Executor, group: typeof groups.$inferInsert): Promise<string> {
  const id = group.id ?? crypto.randomUUID();
  await tx.insert(groups).values({ ...group, id });
  return id;
}

export async function renameGroup(tx: Executor, groupId: string, name: string): Promise<void> {
  await tx.update(groups).set({ name }).where(eq(groups.id, groupId));
}

export async function deleteGroup(tx: Executor, groupId: string): Promise<void> {
  await tx.delete(groups).where(eq(groups.id, groupId));
}

/** Members of some groups with their user rows, for presenting groups. */
export function membersOf(tx: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      groupId: groupMembers.groupId,
      isManager: groupMembers.isManager,
      user: users,
      membership: userTenants,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .innerJoin(userTenants, eq(userTenants.userId, groupMembers.userId))
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(asc(users.firstName), asc(users.email));
}

export async function upsertMembers(
  tx: Executor,
  tenantId: string,
  groupId: string,
  userIds: string[],
  isManager: boolean,
) {
  if (userIds.length === 0) return;
  await tx
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ tenantId, groupId, userId, isManager })))
    .onConflictDoUpdate({
      target: [groupMembers.tenantId, groupMembers.groupId, groupMembers.userId],
      set: { isManager: sql`${groupMembers.isManager} or excluded.is_manager` },
    });
}

export async function setManagers(tx: Executor, groupId: string, managerIds: string[]): Promise<void> {
  await tx.update(groupMembers).set({ isManager: false }).where(eq(groupMembers.groupId, groupId));
  if (managerIds.length > 0) {
    await tx
      .update(groupMembers)
      .set({ isManager: true })
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, managerIds)));
  }
}

export async function removeMembers(tx: Executor, groupId: string, userIds: string[]): Promise<void> {
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, userIds)));
}
