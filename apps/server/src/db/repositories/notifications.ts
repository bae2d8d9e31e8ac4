import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import { notifications } from '../schema/index.ts';

/** Stores a notification; a trigger publishes it on commit (NOTIFY), which the socket hub relays. */
export async function insertNotification(
  tx: Executor,
  row: typeof notifications.$inferInsert,
): Promise<void> {
  await tx.insert(notifications).values(row);
}

export async function insertNotifications(
  tx: Executor,
  rows: readonly (typeof notifications.$inferInsert)[],
): Promise<void> {
  await insertRows(tx, notifications, rows);
}

export function recentNotifications(tx: Executor, userId: string, limit: number) {
  return tx
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function markNotificationsRead(tx: Executor, userId: string, at: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
