import { and, arrayContains, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from '../schema/index.ts';

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** NOTIFY channel that wakes the webhook job when deliveries are queued (delivered on commit). */
export const WEBHOOK_CHANNEL = 'signet_webhooks';

export function listWebhookSubscriptions(tx: Executor): Promise<WebhookSubscriptionRow[]> {
  return tx
    .select()
    .from(webhookSubscriptions)
    .orderBy(asc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id));
}

export async function findWebhookSubscription(
  tx: Executor,
  id: string,
): Promise<WebhookSubscriptionRow | null> {
  const [row] = await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row ?? null;
}

/** The tenant's enabled subscriptions that chose this event. */
export function subscribersOf(tx: Executor, event: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.enabled, true), arrayContains(webhookSubscriptions.events, [event])));
}

export async function insertWebhookSubscription(
  tx: Executor,
  row: typeof webhookSubscriptions.$inferInsert,
): Promise<WebhookSubscriptionRow> {
  const [created] = await tx.insert(webhookSubscriptions).values(row).returning();
  if (!created) throw new Error('webhook insert returned nothing');
  return created;
}

export async function updateWebhookSubscription(
  tx: Executor,
  id: string,
  changes: Partial<typeof webhookSubscriptions.$inferInsert>,
): Promise<WebhookSubscriptionRow | null> {
  const [row] = await tx
    .update(webhookSubscriptions)
    .set(changes)
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  return row ?? null;
}

/** Removes a subscription with its delivery log. */
export async function deleteWebhookSubscription(tx: Executor, id: string): Promise<boolean> {
  const deliveries = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, id));
  await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveries));
  await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id));
  const rows = await tx
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

export async function insertWebhookDeliveries(
  tx: Executor,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  const created = await tx.insert(webhookDeliveries).values(rows).returning();
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return created;
}

/** Deliveries due now, across tenants (owner connection), oldest first. */
export function dueWebhookDeliveries(db: Executor, now: Date, limit: number) {
  return db
    .select({ tenantId: webhookDeliveries.tenantId, id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'Pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
}

/** One delivery, locked so that two workers never send it at once (skipped when locked). */
export async function lockWebhookDelivery(tx: Executor, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await tx
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id))
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function findWebhookDelivery(tx: Executor, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export async function updateWebhookDelivery(
  tx: Executor,
  id: string,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await tx.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

/** A subscription's pending deliveries (its URL changed: they start afresh). */
export async function updatePendingWebhookDeliveries(
  tx: Executor,
  subscriptionId: string,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set(changes)
    .where(
      and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'Pending')),
    );
}

export async function insertWebhookAttempt(
  tx: Executor,
  row: typeof webhookAttempts.$inferInsert,
): Promise<void> {
  await tx.insert(webhookAttempts).values(row);
}

/** Whether any delivery of this subscription ever got an HTTP answer, whatever its status. */
export async function webhookEverAnswered(tx: Executor, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`1` })
    .from(webhookAttempts)
    .innerJoin(
      webhookDeliveries,
      and(
        eq(webhookDeliveries.tenantId, webhookAttempts.tenantId),
        eq(webhookDeliveries.id, webhookAttempts.deliveryId),
      ),
    )
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), isNotNull(webhookAttempts.httpStatus)))
    .limit(1);
  return row !== undefined;
}

/** A subscription's deliveries, newest first, with their attempts. */
export async function listWebhookDeliveries(
  tx: Executor,
  o: { subscriptionId: string; limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRow[]; attempts: WebhookAttemptRow[]; total: number }> {
  const where = eq(webhookDeliveries.subscriptionId, o.subscriptionId);
  const rows = await tx
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(o.limit)
    .offset(o.offset);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  return { rows, attempts: await attemptsOf(tx, rows), total: count?.n ?? 0 };
}

export function attemptsOf(tx: Executor, rows: readonly { id: string }[]): Promise<WebhookAttemptRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
}
