import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { ssoBindings, ssoLoginStates, ssoPendingLinks, ssoProviders, ssoSessions } from '../schema/sso.ts';
import { userTenants } from '../schema/users.ts';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type SsoLoginStateRow = typeof ssoLoginStates.$inferSelect;

/** The tenant's provider (in its tenant transaction: row-level security narrows to it). */
export async function findSsoProvider(tx: Executor, tenantId: string): Promise<SsoProviderRow | null> {
  const [row] = await tx.select().from(ssoProviders).where(eq(ssoProviders.tenantId, tenantId));
  return row ?? null;
}

export async function saveSsoProvider(
  tx: Executor,
  row: typeof ssoProviders.$inferInsert,
): Promise<SsoProviderRow> {
  const { tenantId: _, ...changes } = row;
  const [saved] = await tx
    .insert(ssoProviders)
    .values(row)
    .onConflictDoUpdate({ target: ssoProviders.tenantId, set: changes })
    .returning();
  if (!saved) throw new Error('saving the SSO provider returned nothing');
  return saved;
}

export async function insertSsoLoginState(
  db: Executor,
  row: typeof ssoLoginStates.$inferInsert,
): Promise<void> {
  await db.insert(ssoLoginStates).values(row);
}

/** Sign-ins abandoned at the provider: their states are of no further use. */
export async function deleteStaleSsoLoginStates(db: Executor, now: Date): Promise<void> {
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
}

/** Takes a live state once: deleting it is what makes a replay fail. */
export async function takeSsoLoginState(
  db: Executor,
  stateHash: string,
  now: Date,
): Promise<SsoLoginStateRow | null> {
  const [row] = await db
    .delete(ssoLoginStates)
    .where(and(eq(ssoLoginStates.stateHash, stateHash), gt(ssoLoginStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function insertSsoSession(db: Executor, row: typeof ssoSessions.$inferInsert): Promise<void> {
  await db.insert(ssoSessions).values(row);
}

/** Marks how the member signs in to the tenant (spec §3 userLoginType, userTenantSSOEntityId). */
export async function setMembershipLogin(
  tx: Executor,
  userId: string,
  change: { loginType: string; ssoEntityId: string; role?: string; status?: string; profileShared?: boolean },
): Promise<void> {
  await tx.update(userTenants).set(change).where(eq(userTenants.userId, userId));
}

/** The account the tenant's provider account is bound to (in its tenant transaction). */
export async function findSsoBinding(
  tx: Executor,
  key: { tenantId: string; issuer: string; subject: string },
): Promise<string | null> {
  const [row] = await tx
    .select({ userId: ssoBindings.userId })
    .from(ssoBindings)
    .where(
      and(
        eq(ssoBindings.tenantId, key.tenantId),
        eq(ssoBindings.issuer, key.issuer),
        eq(ssoBindings.subject, key.subject),
      ),
    );
  return row?.userId ?? null;
}

/** Binds a provider account to a Signet account; binding it again changes nothing. */
export async function insertSsoBinding(tx: Executor, row: typeof ssoBindings.$inferInsert): Promise<void> {
  await tx.insert(ssoBindings).values(row).onConflictDoNothing();
}

export async function insertSsoPendingLink(
  db: Executor,
  row: typeof ssoPendingLinks.$inferInsert,
): Promise<void> {
  await db.delete(ssoPendingLinks).where(lt(ssoPendingLinks.expiresAt, row.createdAt ?? new Date()));
  await db.insert(ssoPendingLinks).values(row);
}

export async function findSsoPendingLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(ssoPendingLinks)
    .where(and(eq(ssoPendingLinks.tokenHash, tokenHash), gt(ssoPendingLinks.expiresAt, now)));
  return row ?? null;
}

/** Takes a pending link once: deleting it is what makes a replay fail. */
export async function takeSsoPendingLink(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(ssoPendingLinks)
    .where(eq(ssoPendingLinks.tokenHash, tokenHash))
    .returning({ tokenHash: ssoPendingLinks.tokenHash });
  return rows.length === 1;
}
