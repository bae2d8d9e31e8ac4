import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { callbackAttempts, callbackDeliveries, epaks, oauthClients, oauthCodes } from '../schema/index.ts';

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type CallbackDeliveryRow = typeof callbackDeliveries.$inferSelect;
export type CallbackAttemptRow = typeof callbackAttempts.$inferSelect;

export function listOAuthClients(tx: Executor): Promise<OAuthClientRow[]> {
  return tx.select().from(oauthClients).orderBy(asc(oauthClients.clientId));
}

export async function findOAuthClient(tx: Executor, id: string): Promise<OAuthClientRow | null> {
  const [row] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id));
  return row ?? null;
}

/** By the id integrations send. Run on the owner connection: no tenant is known yet. */
export async function findOAuthClientByClientId(
  db: Executor,
  clientId: string,
): Promise<OAuthClientRow | null> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return row ?? null;
}

/** Whether a client id is taken in any tenant (owner connection: ids are unique across tenants). */
export async function clientIdTaken(db: Executor, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(oauthClients)
    .where(sql`lower(${oauthClients.clientId}) = lower(${clientId})`);
  return row !== undefined;
}

export async function insertOAuthClient(
  tx: Executor,
  row: typeof oauthClients.$inferInsert,
): Promise<OAuthClientRow> {
  const [created] = await tx.insert(oauthClients).values(row).returning();
  if (!created) throw new Error('client insert returned nothing');
  return created;
}

export async function updateOAuthClient(
  tx: Executor,
  id: string,
  changes: Partial<typeof oauthClients.$inferInsert>,
): Promise<OAuthClientRow | null> {
  const [row] = await tx.update(oauthClients).set(changes).where(eq(oauthClients.id, id)).returning();
  return row ?? null;
}

export async function deleteOAuthClient(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .delete(oauthClients)
    .where(eq(oauthClients.id, id))
    .returning({ id: oauthClients.id });
  return rows.length > 0;
}

export async function insertAuthorizationCode(
  db: Executor,
  row: typeof oauthCodes.$inferInsert,
): Promise<void> {
  await db.insert(oauthCodes).values(row);
}

/** Takes a code out (single use): the row, if it existed. */
export async function consumeAuthorizationCode(db: Executor, codeHash: string) {
  const [row] = await db.delete(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).returning();
  return row ?? null;
}

export async function insertCallbackDelivery(
  tx: Executor,
  row: typeof callbackDeliveries.$inferInsert,
): Promise<void> {
  await tx.insert(callbackDeliveries).values(row);
}

/** Deliveries due now, across tenants (owner connection), oldest first. */
export function dueCallbackDeliveries(db: Executor, now: Date, limit: number) {
  return db
    .select({ tenantId: callbackDeliveries.tenantId, id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.status, 'Pending'), lte(callbackDeliveries.nextAttemptAt, now)))
    .orderBy(asc(callbackDeliveries.nextAttemptAt))
    .limit(limit);
}

/** One delivery, locked so that two workers never send it at once (skipped when locked). */
export async function lockCallbackDelivery(tx: Executor, id: string): Promise<CallbackDeliveryRow | null> {
  const [row] = await tx
    .select()
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.id, id))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function updateCallbackDelivery(
  tx: Executor,
  id: string,
  changes: Partial<typeof callbackDeliveries.$inferInsert>,
): Promise<void> {
  await tx.update(callbackDeliveries).set(changes).where(eq(callbackDeliveries.id, id));
}

/** Changes the tenant's pending deliveries to `url` (a callback URL an admin changed or removed). */
export async function updatePendingCallbacksTo(
  tx: Executor,
  url: string,
  changes: Partial<typeof callbackDeliveries.$inferInsert>,
): Promise<void> {
  await tx
    .update(callbackDeliveries)
    .set(changes)
    .where(and(eq(callbackDeliveries.status, 'Pending'), eq(callbackDeliveries.url, url)));
}

/** The tenant's ePaks that call back `from` call `to` instead (none when null). */
export async function replaceEpakCallbackUrl(tx: Executor, from: string, to: string | null): Promise<void> {
  await tx.update(epaks).set({ callbackUrl: to }).where(eq(epaks.callbackUrl, from));
}

export async function insertCallbackAttempt(
  tx: Executor,
  row: typeof callbackAttempts.$inferInsert,
): Promise<void> {
  await tx.insert(callbackAttempts).values(row);
}

/** Whether any of the tenant's deliveries to this URL ever got an HTTP answer, whatever its status. */
export async function callbackUrlEverAnswered(tx: Executor, url: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(callbackAttempts)
    .innerJoin(
      callbackDeliveries,
      and(
        eq(callbackDeliveries.tenantId, callbackAttempts.tenantId),
        eq(callbackDeliveries.id, callbackAttempts.deliveryId),
      ),
    )
    .where(and(eq(callbackDeliveries.url, url), isNotNull(callbackAttempts.httpStatus)))
    .limit(1);
  return row !== undefined;
}

export async function listCallbackDeliveries(
  tx: Executor,
  o: { epakId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: CallbackDeliveryRow[]; attempts: CallbackAttemptRow[]; total: number }> {
  const where = o.epakId ? eq(callbackDeliveries.epakId, o.epakId) : undefined;
  const rows = await tx
    .select()
    .from(callbackDeliveries)
    .where(where)
    .orderBy(desc(callbackDeliveries.createdAt), asc(callbackDeliveries.id))
    .limit(o.limit)
    .offset(o.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(callbackDeliveries).where(where);
  const attempts =
    rows.length === 0
      ? []
      : await tx
          .select()
          .from(callbackAttempts)
          .where(
            inArray(
              callbackAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(callbackAttempts.attemptedAt));
  return { rows, attempts, total: count?.n ?? 0 };
}
