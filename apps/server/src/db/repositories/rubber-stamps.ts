import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { groupMembers, groups, rubberStampShares, rubberStamps, userTenants } from '../schema/index.ts';

export type RubberStampRow = typeof rubberStamps.$inferSelect;
export type RubberStampShareRow = typeof rubberStampShares.$inferSelect;
export type ShareKind = 'user' | 'group';

/** Every stamp of the tenant, by name. */
export function listRubberStamps(tx: Executor): Promise<RubberStampRow[]> {
  return tx
    .select()
    .from(rubberStamps)
    .orderBy(asc(sql`lower(${rubberStamps.name})`), asc(rubberStamps.createdAt));
}

/** The shares of one user: the stamps shared with them directly or with a group they are in. */
function sharedWithUser(userId: string) {
  return or(
    and(eq(rubberStampShares.kind, 'user'), eq(rubberStampShares.principalId, userId)),
    and(
      eq(rubberStampShares.kind, 'group'),
      inArray(
        rubberStampShares.principalId,
        sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${userId})`,
      ),
    ),
  );
}

/** The stamps shared with a user, directly or through one of their groups, by name. */
export function rubberStampsSharedWith(tx: Executor, userId: string): Promise<RubberStampRow[]> {
  return tx
    .select()
    .from(rubberStamps)
    .where(
      inArray(
        rubberStamps.id,
        tx
          .select({ id: rubberStampShares.rubberStampId })
          .from(rubberStampShares)
          .where(sharedWithUser(userId)),
      ),
    )
    .orderBy(asc(sql`lower(${rubberStamps.name})`), asc(rubberStamps.createdAt));
}

/** Whether the stamp is shared with the user, directly or through a group. */
export async function isRubberStampSharedWith(tx: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: rubberStampShares.rubberStampId })
    .from(rubberStampShares)
    .where(and(eq(rubberStampShares.rubberStampId, id), sharedWithUser(userId)))
    .limit(1);
  return rows.length > 0;
}

export async function findRubberStamp(tx: Executor, id: string): Promise<RubberStampRow | null> {
  const [row] = await tx.select().from(rubberStamps).where(eq(rubberStamps.id, id));
  return row ?? null;
}

export async function insertRubberStamp(
  tx: Executor,
  row: typeof rubberStamps.$inferInsert,
): Promise<RubberStampRow> {
  const [inserted] = await tx.insert(rubberStamps).values(row).returning();
  if (!inserted) throw new Error('rubber stamp was not inserted');
  return inserted;
}

export async function updateRubberStamp(
  tx: Executor,
  id: string,
  change: Partial<Pick<RubberStampRow, 'name' | 'height' | 'width' | 'blobHash' | 'mimeType' | 'size'>>,
  at: Date,
): Promise<RubberStampRow | null> {
  const [row] = await tx
    .update(rubberStamps)
    .set({ ...change, updatedAt: at })
    .where(eq(rubberStamps.id, id))
    .returning();
  return row ?? null;
}

export async function deleteRubberStamp(tx: Executor, id: string): Promise<void> {
  await tx.delete(rubberStamps).where(eq(rubberStamps.id, id));
}

/** The shares of some stamps (all of them when `ids` is omitted). */
export function sharesOf(tx: Executor, ids: readonly string[]): Promise<RubberStampShareRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(rubberStampShares)
    .where(inArray(rubberStampShares.rubberStampId, [...ids]));
}

/** Replaces a stamp's share list. */
export async function replaceShares(
  tx: Executor,
  tenantId: string,
  id: string,
  shares: readonly { kind: ShareKind; principalId: string }[],
): Promise<void> {
  await tx.delete(rubberStampShares).where(eq(rubberStampShares.rubberStampId, id));
  if (shares.length > 0)
    await tx
      .insert(rubberStampShares)
      .values(shares.map((s) => ({ tenantId, rubberStampId: id, kind: s.kind, principalId: s.principalId })));
}

/** Which of these users are members of the tenant. */
export async function tenantMembersAmong(tx: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: userTenants.userId })
    .from(userTenants)
    .where(inArray(userTenants.userId, [...userIds]));
  return new Set(rows.map((r) => r.id));
}

/** Which of these groups exist in the tenant. */
export async function groupsAmong(tx: Executor, groupIds: readonly string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]));
  return new Set(rows.map((r) => r.id));
}
