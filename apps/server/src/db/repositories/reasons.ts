import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { reasons } from '../schema/index.ts';

export type ReasonRow = typeof reasons.$inferSelect;

export function listReasons(tx: Executor): Promise<ReasonRow[]> {
  return tx.select().from(reasons).orderBy(asc(reasons.id));
}

export async function findReason(tx: Executor, id: number): Promise<ReasonRow | null> {
  const [row] = await tx.select().from(reasons).where(eq(reasons.id, id));
  return row ?? null;
}

export async function insertReason(
  tx: Executor,
  tenantId: string,
  text: string,
  kind: string,
): Promise<ReasonRow> {
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${reasons.id}), 0)::int + 1` }).from(reasons);
  const row = { tenantId, id: next?.id ?? 1, text, kind, enabled: true };
  await tx.insert(reasons).values(row);
  return row;
}

export async function updateReason(
  tx: Executor,
  id: number,
  change: { text?: string; enabled?: boolean },
): Promise<void> {
  await tx.update(reasons).set(change).where(eq(reasons.id, id));
}
