import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import {
  authSessions,
  oneTimeCodes,
  type PasswordState,
  passwordTokens,
  refreshTokens,
  tenants,
  users,
  userTenants,
} from '../schema/index.ts';
import { ssoSessions } from '../schema/sso.ts';

/**
 * Accounts across tenants: sign-in, sessions, one-time codes and password links. These run on
 * the owner connection because a person signs in before any tenant is chosen.
 */

export type UserRow = typeof users.$inferSelect;

export interface MembershipRow {
  tenantId: string;
  tenantName: string;
  tenantStatus: 'active' | 'disabled';
  tenantSettings: Record<string, unknown>;
  role: string;
  status: string;
  userType: string;
  loginType: string;
  ssoEntityId: string | null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export interface AccountSummary {
  id: string;
  firstName: string;
  lastName: string;
  hasPassword: boolean;
}

/**
 * Any account with this address, seen from inside a tenant's transaction (through a
 * security-definer function: the users table itself shows a tenant only its members).
 */
export async function findAccountForRecipient(tx: Executor, email: string): Promise<AccountSummary | null> {
  const result = await tx.execute(
    sql`select id, first_name as "firstName", last_name as "lastName", has_password as "hasPassword"
        from signet_account_by_email(${email})`,
  );
  return (result as unknown as { rows: AccountSummary[] }).rows[0] ?? null;
}

/** `findAccountForRecipient` for many addresses in one round trip (bulk compose). */
export async function findAccountsForRecipients(
  tx: Executor,
  emails: readonly string[],
): Promise<Map<string, AccountSummary>> {
  if (emails.length === 0) return new Map();
  const result = await tx.execute(
    sql`select e.address as email, a.id, a.first_name as "firstName", a.last_name as "lastName", a.has_password as "hasPassword"
        from unnest(${sql.param([...emails])}::text[]) as e(address), lateral signet_account_by_email(e.address) a`,
  );
  const rows = (result as unknown as { rows: (AccountSummary & { email: string })[] }).rows;
  return new Map(rows.map(({ email, ...account }) => [email, account]));
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function insertUser(db: Executor, user: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values({ ...user, email: user.email.toLowerCase() });
}

export async function insertUsers(db: Executor, rows: readonly (typeof users.$inferInsert)[]): Promise<void> {
  await insertRows(
    db,
    users,
    rows.map((u) => ({ ...u, email: u.email.toLowerCase() })),
  );
}

export function membershipsOf(db: Executor, userId: string): Promise<MembershipRow[]> {
  return db
    .select({
      tenantId: userTenants.tenantId,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
      tenantSettings: tenants.settings,
      role: userTenants.role,
      status: userTenants.status,
      userType: userTenants.userType,
      loginType: userTenants.loginType,
      ssoEntityId: userTenants.ssoEntityId,
    })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .where(eq(userTenants.userId, userId))
    .orderBy(tenants.name);
}

export async function recordFailedSignIn(
  db: Executor,
  userId: string,
  lockedUntil: Date | null,
): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, lockedUntil })
    .where(eq(users.id, userId));
}

export async function clearFailedSignIns(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function setPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  state: PasswordState,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordState: state, passwordChangedAt: at, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId));
}

export async function setPasswordState(db: Executor, userId: string, state: PasswordState): Promise<void> {
  await db.update(users).set({ passwordState: state }).where(eq(users.id, userId));
}

export async function setSuperAdminStatus(
  db: Executor,
  userId: string,
  status: 'enabled' | 'disabled' | null,
): Promise<void> {
  await db.update(users).set({ superAdminStatus: status }).where(eq(users.id, userId));
}

export function listSuperAdmins(db: Executor): Promise<UserRow[]> {
  return db.select().from(users).where(sql`${users.superAdminStatus} is not null`).orderBy(users.email);
}

// Sessions and refresh tokens ------------------------------------------------------------------

export async function createSession(
  db: Executor,
  session: typeof authSessions.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function insertRefreshToken(
  db: Executor,
  token: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a refresh token used; false when another request used it first (a replay). */
export async function useRefreshToken(db: Executor, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user, except `keepSessionId` when given (the one making the change). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  at: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    );
}

export async function setSessionTenant(
  db: Executor,
  sessionId: string,
  tenantId: string | null,
): Promise<void> {
  await db.update(authSessions).set({ tenantId }).where(eq(authSessions.id, sessionId));
}

function actorFactsQuery(db: Executor) {
  const tenantId = sql`${sql.placeholder('tenantId')}::uuid`;
  return db
    .select({
      revokedAt: authSessions.revokedAt,
      sessionExpiresAt: authSessions.expiresAt,
      scopeEpakId: authSessions.scopeEpakId,
      oauthClientId: authSessions.oauthClientId,
      ssoTenantId: ssoSessions.tenantId,
      superAdminStatus: users.superAdminStatus,
      passwordState: users.passwordState,
      role: userTenants.role,
      status: userTenants.status,
      tenantStatus: tenants.status,
      licenseExpiresOn: sql<string | null>`${tenants.settings}->>'licenseExpiresOn'`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(
      userTenants,
      and(eq(userTenants.userId, authSessions.userId), sql`${userTenants.tenantId} = ${tenantId}`),
    )
    .leftJoin(tenants, sql`${tenants.id} = ${tenantId}`)
    .leftJoin(ssoSessions, eq(ssoSessions.sessionId, authSessions.id))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('signet_actor_facts');
}

/** Built once per database: every request of a signed-in user runs it. */
const actorFactsQueries = new WeakMap<Executor, ReturnType<typeof actorFactsQuery>>();

/** Everything needed to turn a verified token into an actor, in one round trip. */
export async function actorFacts(db: Executor, sessionId: string, userId: string, tenantId: string | null) {
  let query = actorFactsQueries.get(db);
  if (!query) {
    query = actorFactsQuery(db);
    actorFactsQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId, userId, tenantId });
  return row ?? null;
}

// One-time codes -------------------------------------------------------------------------------

export async function insertOneTimeCode(
  db: Executor,
  code: typeof oneTimeCodes.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(oneTimeCodes).values(code).returning({ id: oneTimeCodes.id });
  if (!row) throw new Error('one-time code insert returned nothing');
  return row.id;
}

export async function findOneTimeCode(db: Executor, id: string) {
  const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  return row ?? null;
}

export async function latestOneTimeCode(db: Executor, userId: string, purpose: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function countOneTimeCodeAttempt(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? 0;
}

/** Consumes a code once; false when it was already consumed. */
export async function consumeOneTimeCode(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

// Password links -------------------------------------------------------------------------------

export async function insertPasswordToken(
  db: Executor,
  token: typeof passwordTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordTokens).values(token);
}

export async function findPasswordToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function usePasswordToken(db: Executor, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt)))
    .returning({ tokenHash: passwordTokens.tokenHash });
  return rows.length === 1;
}

/**
 * Who asked for a reset link: the person (`null`) or an admin of a tenant (its id, kept in the
 * token's `tenant_id`). Each asker's links are counted and replaced apart from the others'.
 */
export type ResetAsker = string | null;

const askedBy = (asker: ResetAsker) =>
  asker === null ? isNull(passwordTokens.tenantId) : eq(passwordTokens.tenantId, asker);

/** Reset links created since `since` by one asker. */
export async function countResetTokensSince(
  db: Executor,
  userId: string,
  asker: ResetAsker,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.kind, 'reset'),
        askedBy(asker),
        gt(passwordTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Invalidates one asker's open reset links, so only its newest one works. */
export async function expireResetTokensOf(db: Executor, userId: string, asker: ResetAsker, at: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.kind, 'reset'),
        askedBy(asker),
        isNull(passwordTokens.usedAt),
      ),
    );
}

/** Invalidates a user's open links of one kind, so only the newest one works. */
export async function expirePasswordTokens(db: Executor, userId: string, kind: 'reset' | 'invite', at: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(
      and(eq(passwordTokens.userId, userId), eq(passwordTokens.kind, kind), isNull(passwordTokens.usedAt)),
    );
}

/**
 * Marks a user's pending invitations whose every link has expired `admininviteexpired` (or
 * `delegationinviteexpired`), and returns their tenants. Memberships that never had an invitation
 * link (delegates reached through easy-sign links) are left alone.
 */
export async function lapseExpiredInvitations(db: Executor, userId: string, at: Date): Promise<string[]> {
  const inviteOf = sql`${passwordTokens.userId} = ${userTenants.userId} and ${passwordTokens.kind} = 'invite' and ${passwordTokens.tenantId} = ${userTenants.tenantId}`;
  const rows = await db
    .update(userTenants)
    .set({
      status: sql`case when ${userTenants.status} = 'invitewithdelegation' then 'delegationinviteexpired' else 'admininviteexpired' end`,
    })
    .where(
      and(
        eq(userTenants.userId, userId),
        sql`${userTenants.status} in ('admininvited', 'invitewithdelegation')`,
        sql`exists (select 1 from ${passwordTokens} where ${inviteOf})`,
        sql`not exists (select 1 from ${passwordTokens} where ${inviteOf} and ${passwordTokens.usedAt} is null and ${passwordTokens.expiresAt} > ${at.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ tenantId: userTenants.tenantId });
  return rows.map((r) => r.tenantId);
}
