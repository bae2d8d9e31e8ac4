import { asc, eq } from 'drizzle-orm';
import type { ActivityHead, StoredActivityEntry } from '../../model/activity-entry.ts';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import { activityHeads, activityLog } from '../schema/index.ts';

/**
 * Locks the tenant's chain head for the rest of the transaction, creating it at `genesisHash`
 * on the tenant's first entry. Concurrent appends in one tenant wait here and take turns, so the
 * chain never forks: the caller computes the next entry from the head this returns and writes it
 * with `writeActivity` in the same transaction.
 */
export async function lockActivityHead(
  tx: Executor,
  tenantId: string,
  genesisHash: string,
): Promise<ActivityHead> {
  await tx
    .insert(activityHeads)
    .values({ tenantId, lastSeq: 0, lastHash: genesisHash })
    .onConflictDoNothing();
  const [head] = await tx
    .select({ lastSeq: activityHeads.lastSeq, lastHash: activityHeads.lastHash })
    .from(activityHeads)
    .where(eq(activityHeads.tenantId, tenantId))
    .for('update');
  if (!head) throw new Error('activity head missing after insert');
  return head;
}

/** Stores the entry and moves the head to it; the head must be locked by `lockActivityHead`. */
export async function writeActivity(tx: Executor, entry: StoredActivityEntry): Promise<void> {
  await tx.insert(activityLog).values(entry);
  await tx
    .update(activityHeads)
    .set({ lastSeq: entry.seq, lastHash: entry.hash })
    .where(eq(activityHeads.tenantId, entry.tenantId));
}

/** Stores entries that follow one another and moves the head to the last; the head must be locked. */
export async function writeActivities(tx: Executor, entries: readonly StoredActivityEntry[]): Promise<void> {
  const last = entries[entries.length - 1];
  if (!last) return;
  await insertRows(tx, activityLog, entries);
  await tx
    .update(activityHeads)
    .set({ lastSeq: last.seq, lastHash: last.hash })
    .where(eq(activityHeads.tenantId, last.tenantId));
}

export function chainOf(tx: Executor, tenantId: string): Promise<StoredActivityEntry[]> {
  return tx
    .select()
    .from(activityLog)
    .where(eq(activityLog.tenantId, tenantId))
    .orderBy(asc(activityLog.seq));
}

export async function headOf(tx: Executor, tenantId: string) {
  const [head] = await tx.select().from(activityHeads).where(eq(activityHeads.tenantId, tenantId));
  return head ?? null;
}

export function activityOfEpak(tx: Executor, epakId: string) {
  return tx.select().from(activityLog).where(eq(activityLog.epakId, epakId)).orderBy(asc(activityLog.seq));
}
