import { and, asc, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../contains-pattern.ts';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import { activityLog, users, userTenants } from '../schema/index.ts';

/**
 * Users as members of the current tenant. Every function runs inside a tenant transaction, so
 * row-level security already limits it to that tenant's members.
 */

export interface MemberRow {
  user: typeof users.$inferSelect;
  membership: typeof userTenants.$inferSelect;
}

const memberSelect = { user: users, membership: userTenants };

function membersQuery(tx: Executor) {
  return tx.select(memberSelect).from(userTenants).innerJoin(users, eq(users.id, userTenants.userId));
}

export async function findMember(tx: Executor, userId: string): Promise<MemberRow | null> {
  const [row] = await membersQuery(tx).where(eq(userTenants.userId, userId));
  return row ?? null;
}

export async function findMemberByEmail(tx: Executor, email: string): Promise<MemberRow | null> {
  const [row] = await membersQuery(tx).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export function findMembersByEmails(tx: Executor, emails: string[]): Promise<MemberRow[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return membersQuery(tx).where(inArray(users.email, emails));
}

export function findMembersByIds(tx: Executor, userIds: string[]): Promise<MemberRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return membersQuery(tx).where(inArray(userTenants.userId, userIds));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  // Names are searched only where the person shared their profile with this tenant: a search
  // must not confirm the name behind an address that has not accepted.
  return or(
    ilike(users.email, pattern),
    and(
      eq(userTenants.profileShared, true),
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    ),
  );
}

export function searchMembers(tx: Executor, search: string | undefined, limit: number): Promise<MemberRow[]> {
  return membersQuery(tx)
    .where(searchCondition(search))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(limit);
}

export interface MemberFilter {
  page: number;
  size: number;
  sortColumn: 'firstName' | 'lastName' | 'email' | 'role' | 'status' | 'createdOn';
  descending: boolean;
  filter?: string | undefined;
  type?: string | undefined;
  verified?: boolean | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

const sortColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: userTenants.role,
  status: userTenants.status,
  createdOn: userTenants.createdAt,
} as const;

/**
 * The status a client sees (`effectiveStatus`): `expired` and `resetpassword` are the password
 * states of an enabled member, so `enabled` means enabled with neither.
 */
function statusCondition(status: string | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'expired' || status === 'resetpassword')
    return and(eq(userTenants.status, 'enabled'), eq(users.passwordState, status));
  if (status === 'enabled')
    return and(
      eq(userTenants.status, 'enabled'),
      notInArray(users.passwordState, ['expired', 'resetpassword']),
    );
  return eq(userTenants.status, status);
}

export async function filterMembers(
  tx: Executor,
  f: MemberFilter,
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = and(
    searchCondition(f.filter),
    f.type ? eq(userTenants.userType, f.type) : undefined,
    f.verified === undefined ? undefined : eq(users.verified, f.verified),
    f.role ? eq(userTenants.role, f.role) : undefined,
    statusCondition(f.status),
  );
  const column = sortColumns[f.sortColumn];
  const rows = await membersQuery(tx)
    .where(where)
    .orderBy(f.descending ? desc(column) : asc(column), asc(users.email))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertMembership(
  tx: Executor,
  membership: typeof userTenants.$inferInsert,
): Promise<void> {
  await tx.insert(userTenants).values(membership);
}

export async function insertMemberships(
  tx: Executor,
  rows: readonly (typeof userTenants.$inferInsert)[],
): Promise<void> {
  await insertRows(tx, userTenants, rows);
}

export async function updateMembership(
  tx: Executor,
  userId: string,
  change: Partial<Pick<typeof userTenants.$inferInsert, 'role' | 'status' | 'userType' | 'profileShared'>>,
): Promise<void> {
  await tx.update(userTenants).set(change).where(eq(userTenants.userId, userId));
}

export async function updateUserProfile(
  tx: Executor,
  userId: string,
  change: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'firstName'
      | 'middleName'
      | 'lastName'
      | 'title'
      | 'locale'
      | 'timezone'
      | 'dateFormat'
      | 'photo'
      | 'photoType'
      | 'signatureImage'
      | 'initialsImage'
    >
  >,
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await tx.update(users).set(change).where(eq(users.id, userId));
}

/**
 * Holds, until the transaction ends, the tenant's lock on role counts: two role changes that each
 * check a limit (custodians) and then write would otherwise both pass against the same count.
 */
export async function lockRoleCounts(tx: Executor, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`role-counts:${tenantId}`}))`);
}

export async function countByRole(tx: Executor, role: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userTenants)
    .where(and(eq(userTenants.role, role), sql`${userTenants.status} <> 'cancelInvitation'`));
  return row?.n ?? 0;
}

export async function countBy(
  tx: Executor,
  column: 'role' | 'status' | 'userType',
): Promise<Record<string, number>> {
  const col = userTenants[column];
  const rows = await tx.select({ key: col, n: sql<number>`count(*)::int` }).from(userTenants).groupBy(col);
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

/**
 * Each member's last sign-in to the current tenant, from its activity log (`auth.signIn`): a
 * fact the tenant owns, so it says nothing about the person's other tenants.
 */
export async function lastSignIns(tx: Executor, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: activityLog.actorUserId, at: sql<Date | string>`max(${activityLog.createdAt})` })
    .from(activityLog)
    .where(and(eq(activityLog.action, 'auth.signIn'), inArray(activityLog.actorUserId, [...userIds])))
    .groupBy(activityLog.actorUserId);
  return new Map(rows.flatMap((r) => (r.userId ? [[r.userId, new Date(r.at)] as const] : [])));
}
