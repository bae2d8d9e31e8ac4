import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { groups, stampPaperGroups, stampPapers, stampPaperUsers, tags, users } from '../schema/index.ts';

export type StampPaperRow = typeof stampPapers.$inferSelect;
export type StampPaperInsert = typeof stampPapers.$inferInsert;

export interface StampPaperFilter {
  stateCode?: string | undefined;
  denomination?: number | undefined;
  status?: string | undefined;
  assigneeUserId?: string | undefined;
  assigneeGroupId?: string | undefined;
  unassigned?: boolean | undefined;
  stampIdContains?: string | undefined;
}

function filterWhere(f: StampPaperFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.stateCode) parts.push(eq(stampPapers.stateCode, f.stateCode));
  if (f.denomination !== undefined) parts.push(eq(stampPapers.denomination, f.denomination));
  if (f.status) parts.push(eq(stampPapers.status, f.status));
  if (f.assigneeUserId)
    parts.push(
      sql`exists (select 1 from stamp_paper_users u where u.tenant_id = ${stampPapers.tenantId} and u.stamp_paper_id = ${stampPapers.id} and u.user_id = ${f.assigneeUserId})`,
    );
  if (f.assigneeGroupId)
    parts.push(
      sql`exists (select 1 from stamp_paper_groups g where g.tenant_id = ${stampPapers.tenantId} and g.stamp_paper_id = ${stampPapers.id} and g.group_id = ${f.assigneeGroupId})`,
    );
  if (f.unassigned) parts.push(unassigned());
  if (f.stampIdContains)
    parts.push(sql`strpos(lower(${stampPapers.stampId}), lower(${f.stampIdContains})) > 0`);
  return parts.length ? and(...parts) : undefined;
}

function unassigned(): SQL {
  return sql`not exists (select 1 from stamp_paper_users u where u.tenant_id = ${stampPapers.tenantId} and u.stamp_paper_id = ${stampPapers.id})
    and not exists (select 1 from stamp_paper_groups g where g.tenant_id = ${stampPapers.tenantId} and g.stamp_paper_id = ${stampPapers.id})`;
}

/** Adds a paper; null when its stamp id is taken in the tenant (the unique index, without aborting the transaction). */
export async function insertStampPaper(tx: Executor, row: StampPaperInsert): Promise<StampPaperRow | null> {
  const [inserted] = await tx.insert(stampPapers).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findStampPaper(
  tx: Executor,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<StampPaperRow | null> {
  const query = tx.select().from(stampPapers).where(eq(stampPapers.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findStampPapers(tx: Executor, ids: readonly string[], opts: { lock?: boolean } = {}) {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(stampPapers)
    .where(inArray(stampPapers.id, [...ids]))
    .orderBy(asc(stampPapers.id));
  return opts.lock ? query.for('update') : query;
}

/** The stamp ids among these that the tenant already has. */
export async function existingStampIds(tx: Executor, stampIds: readonly string[]): Promise<Set<string>> {
  if (stampIds.length === 0) return new Set();
  const rows = await tx
    .select({ stampId: stampPapers.stampId })
    .from(stampPapers)
    .where(inArray(stampPapers.stampId, [...stampIds]));
  return new Set(rows.map((r) => r.stampId));
}

export async function updateStampPaper(
  tx: Executor,
  id: string,
  patch: Partial<StampPaperInsert>,
): Promise<StampPaperRow | null> {
  const [row] = await tx.update(stampPapers).set(patch).where(eq(stampPapers.id, id)).returning();
  return row ?? null;
}

/** Whether another paper of the tenant has this stamp id. */
export async function stampIdTaken(tx: Executor, stampId: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: stampPapers.id })
    .from(stampPapers)
    .where(and(eq(stampPapers.stampId, stampId), sql`${stampPapers.id} <> ${exceptId}`));
  return row !== undefined;
}

export async function deleteStampPapers(tx: Executor, ids: readonly string[]): Promise<number> {
  const rows = await tx
    .delete(stampPapers)
    .where(and(inArray(stampPapers.id, [...ids]), eq(stampPapers.status, 'AVAILABLE')))
    .returning({ id: stampPapers.id });
  return rows.length;
}

export async function countStampPapers(tx: Executor, f: StampPaperFilter): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(stampPapers).where(filterWhere(f));
  return row?.n ?? 0;
}

export function pageOfStampPapers(tx: Executor, f: StampPaperFilter, limit: number, offset: number) {
  return tx
    .select()
    .from(stampPapers)
    .where(filterWhere(f))
    .orderBy(
      asc(stampPapers.stateCode),
      asc(stampPapers.denomination),
      asc(stampPapers.createdAt),
      asc(stampPapers.id),
    )
    .limit(limit)
    .offset(offset);
}

/** Every paper matching the filter, in inventory order (the CSV export). */
export function allStampPapers(tx: Executor, f: StampPaperFilter) {
  return tx
    .select()
    .from(stampPapers)
    .where(filterWhere(f))
    .orderBy(
      asc(stampPapers.stateCode),
      asc(stampPapers.denomination),
      asc(stampPapers.createdAt),
      asc(stampPapers.id),
    );
}

/** Users and groups each paper is assigned to. */
export async function assigneesOf(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return { users: [], groups: [] };
  const userRows = await tx
    .select({
      stampPaperId: stampPaperUsers.stampPaperId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(stampPaperUsers)
    .innerJoin(users, eq(users.id, stampPaperUsers.userId))
    .where(inArray(stampPaperUsers.stampPaperId, [...ids]))
    .orderBy(asc(users.email));
  const groupRows = await tx
    .select({ stampPaperId: stampPaperGroups.stampPaperId, groupId: groups.id, groupName: groups.name })
    .from(stampPaperGroups)
    .innerJoin(
      groups,
      and(eq(groups.tenantId, stampPaperGroups.tenantId), eq(groups.id, stampPaperGroups.groupId)),
    )
    .where(inArray(stampPaperGroups.stampPaperId, [...ids]))
    .orderBy(asc(groups.name));
  return { users: userRows, groups: groupRows };
}

/** Counts per state × denomination × status. */
export function stampPaperStats(tx: Executor, stateCode?: string) {
  return tx
    .select({
      stateCode: stampPapers.stateCode,
      denomination: stampPapers.denomination,
      status: stampPapers.status,
      n: count(),
    })
    .from(stampPapers)
    .where(stateCode ? eq(stampPapers.stateCode, stateCode) : undefined)
    .groupBy(stampPapers.stateCode, stampPapers.denomination, stampPapers.status)
    .orderBy(asc(stampPapers.stateCode), asc(stampPapers.denomination));
}

export async function assignToUsers(
  tx: Executor,
  tenantId: string,
  paperIds: readonly string[],
  userIds: readonly string[],
  assignedBy: string,
  at: Date,
): Promise<number> {
  const values = paperIds.flatMap((stampPaperId) =>
    userIds.map((userId) => ({ tenantId, stampPaperId, userId, assignedBy, assignedAt: at })),
  );
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(stampPaperUsers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: stampPaperUsers.stampPaperId });
  return rows.length;
}

export async function assignToGroups(
  tx: Executor,
  tenantId: string,
  paperIds: readonly string[],
  groupIds: readonly string[],
  assignedBy: string,
  at: Date,
): Promise<number> {
  const values = paperIds.flatMap((stampPaperId) =>
    groupIds.map((groupId) => ({ tenantId, stampPaperId, groupId, assignedBy, assignedAt: at })),
  );
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(stampPaperGroups)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: stampPaperGroups.stampPaperId });
  return rows.length;
}

/** `count` AVAILABLE papers nobody has, oldest first, locked (skipping ones another call holds). */
export function unassignedStock(
  tx: Executor,
  denomination: number,
  stateCode: string | undefined,
  limit: number,
) {
  return tx
    .select({ id: stampPapers.id })
    .from(stampPapers)
    .where(
      and(
        eq(stampPapers.status, 'AVAILABLE'),
        eq(stampPapers.denomination, denomination),
        stateCode ? eq(stampPapers.stateCode, stateCode) : undefined,
        unassigned(),
      ),
    )
    .orderBy(asc(stampPapers.createdAt), asc(stampPapers.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export interface RevokeFilter {
  from: Date;
  to: Date;
  denomination?: number | undefined;
  stateCode?: string | undefined;
  userIds: readonly string[];
  groupIds: readonly string[];
}

function availablePaper(f: RevokeFilter, paperId: SQL): SQL {
  return sql`exists (select 1 from stamp_papers p where p.tenant_id = signet_current_tenant() and p.id = ${paperId} and p.status = 'AVAILABLE'
    ${f.denomination !== undefined ? sql`and p.denomination = ${f.denomination}` : sql``}
    ${f.stateCode ? sql`and p.state_code = ${f.stateCode}` : sql``})`;
}

/** Takes back assignments made in [from, to] of AVAILABLE papers; the papers touched. */
export async function revokeAssignments(tx: Executor, f: RevokeFilter): Promise<string[]> {
  const everyone = f.userIds.length === 0 && f.groupIds.length === 0;
  const touched: string[] = [];
  if (everyone || f.userIds.length > 0) {
    const rows = await tx
      .delete(stampPaperUsers)
      .where(
        and(
          gte(stampPaperUsers.assignedAt, f.from),
          lte(stampPaperUsers.assignedAt, f.to),
          everyone ? undefined : inArray(stampPaperUsers.userId, [...f.userIds]),
          availablePaper(f, sql`${stampPaperUsers.stampPaperId}`),
        ),
      )
      .returning({ id: stampPaperUsers.stampPaperId });
    touched.push(...rows.map((r) => r.id));
  }
  if (everyone || f.groupIds.length > 0) {
    const rows = await tx
      .delete(stampPaperGroups)
      .where(
        and(
          gte(stampPaperGroups.assignedAt, f.from),
          lte(stampPaperGroups.assignedAt, f.to),
          everyone ? undefined : inArray(stampPaperGroups.groupId, [...f.groupIds]),
          availablePaper(f, sql`${stampPaperGroups.stampPaperId}`),
        ),
      )
      .returning({ id: stampPaperGroups.stampPaperId });
    touched.push(...rows.map((r) => r.id));
  }
  return touched;
}

/** Papers a user may use: assigned to them or to a group they are in. */
function usableBy(userId: string): SQL {
  return sql`(exists (select 1 from stamp_paper_users u where u.tenant_id = ${stampPapers.tenantId} and u.stamp_paper_id = ${stampPapers.id} and u.user_id = ${userId})
    or exists (select 1 from stamp_paper_groups g join group_members m on m.tenant_id = g.tenant_id and m.group_id = g.group_id
      where g.tenant_id = ${stampPapers.tenantId} and g.stamp_paper_id = ${stampPapers.id} and m.user_id = ${userId}))`;
}

/** AVAILABLE papers the user may use, counted per state and denomination. */
export function groupedStampsOf(tx: Executor, userId: string) {
  return tx
    .select({ stateCode: stampPapers.stateCode, denomination: stampPapers.denomination, n: count() })
    .from(stampPapers)
    .where(and(eq(stampPapers.status, 'AVAILABLE'), usableBy(userId)))
    .groupBy(stampPapers.stateCode, stampPapers.denomination)
    .orderBy(asc(stampPapers.stateCode), asc(stampPapers.denomination));
}

/**
 * Reserves one AVAILABLE paper the user may use (a given one, or the oldest of a state and
 * denomination) for a document: AVAILABLE → DRAFT in one statement. The row is locked with
 * SKIP LOCKED and the update re-checks the status, so two composes never take the same paper.
 */
export async function reserveStampPaper(
  tx: Executor,
  choice: { stampPaperId: string } | { stateCode: string; denomination: number },
  userId: string,
  use: { epakId: string; documentId: string; at: Date },
): Promise<StampPaperRow | null> {
  const which =
    'stampPaperId' in choice
      ? sql`p.id = ${choice.stampPaperId}`
      : sql`p.state_code = ${choice.stateCode} and p.denomination = ${choice.denomination}`;
  const usable = sql`(exists (select 1 from stamp_paper_users u where u.tenant_id = p.tenant_id and u.stamp_paper_id = p.id and u.user_id = ${userId})
    or exists (select 1 from stamp_paper_groups g join group_members m on m.tenant_id = g.tenant_id and m.group_id = g.group_id
      where g.tenant_id = p.tenant_id and g.stamp_paper_id = p.id and m.user_id = ${userId}))`;
  const result = await tx.execute(sql`
    update stamp_papers set status = 'DRAFT', epak_id = ${use.epakId}, document_id = ${use.documentId},
      reserved_by = ${userId}, updated_at = ${use.at.toISOString()}
    where tenant_id = signet_current_tenant() and status = 'AVAILABLE' and id = (
      select p.id from stamp_papers p
      where p.tenant_id = signet_current_tenant() and p.status = 'AVAILABLE' and ${which} and ${usable}
      order by p.created_at, p.id limit 1
      for update skip locked)
    returning id`);
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  const id = rows[0]?.id;
  return id ? findStampPaper(tx, id) : null;
}

/** The papers bound to an ePak (any document of it). */
export function stampPapersOfEpak(tx: Executor, epakId: string) {
  return tx.select().from(stampPapers).where(eq(stampPapers.epakId, epakId));
}

/** Moves an ePak's papers from one status to another (DRAFT → EPAK at start, → CONSUMED at completion). */
export async function moveEpakStampPapers(
  tx: Executor,
  epakId: string,
  from: readonly string[],
  to: string,
  at: Date,
): Promise<StampPaperRow[]> {
  return tx
    .update(stampPapers)
    .set({ status: to, updatedAt: at, ...(to === 'CONSUMED' ? { consumedAt: at } : {}) })
    .where(and(eq(stampPapers.epakId, epakId), inArray(stampPapers.status, [...from])))
    .returning();
}

/** Frees an ePak's papers not consumed (the draft or ePak was deleted or stopped): back to AVAILABLE, detached. */
export async function releaseEpakStampPapers(
  tx: Executor,
  epakId: string,
  at: Date,
): Promise<StampPaperRow[]> {
  return tx
    .update(stampPapers)
    .set({ status: 'AVAILABLE', epakId: null, documentId: null, reservedBy: null, updatedAt: at })
    .where(and(eq(stampPapers.epakId, epakId), inArray(stampPapers.status, ['DRAFT', 'EPAK'])))
    .returning();
}

/** Consumed papers per state and denomination in [from, to). */
export function consumedStampPapers(tx: Executor, from: Date, to: Date) {
  return tx
    .select({
      stateCode: stampPapers.stateCode,
      denomination: stampPapers.denomination,
      n: count(),
      total: sql<number>`sum(${stampPapers.denomination})::bigint`.mapWith(Number),
    })
    .from(stampPapers)
    .where(
      and(
        eq(stampPapers.status, 'CONSUMED'),
        gte(stampPapers.consumedAt, from),
        sql`${stampPapers.consumedAt} < ${to}`,
      ),
    )
    .groupBy(stampPapers.stateCode, stampPapers.denomination)
    .orderBy(asc(stampPapers.stateCode), asc(stampPapers.denomination));
}

/** Moves a document's tags one page on (its stamp page was put before page 1). */
export async function shiftTagPages(tx: Executor, documentId: string, by: number): Promise<void> {
  await tx
    .update(tags)
    .set({ pageNumber: sql`${tags.pageNumber} + ${by}` })
    .where(eq(tags.documentId, documentId));
}

/** The paper on a document (reserved, in an ePak or used), if any. */
export async function stampPaperOfDocument(tx: Executor, documentId: string): Promise<StampPaperRow | null> {
  const [row] = await tx.select().from(stampPapers).where(eq(stampPapers.documentId, documentId)).limit(1);
  return row ?? null;
}

/** Frees the paper of a document taken out of its draft: back to AVAILABLE, detached. */
export async function releaseDocumentStampPaper(
  tx: Executor,
  documentId: string,
  at: Date,
): Promise<StampPaperRow[]> {
  return tx
    .update(stampPapers)
    .set({ status: 'AVAILABLE', epakId: null, documentId: null, reservedBy: null, updatedAt: at })
    .where(and(eq(stampPapers.documentId, documentId), eq(stampPapers.status, 'DRAFT')))
    .returning();
}
