import { asc, eq } from 'drizzle-orm';
import { entryHash, GENESIS_HASH, type StoredActivityEntry } from '../../domain/activity/chain.ts';
import type { Executor } from '../database.ts';
import { activityHeads, activityLog } from '../schema/index.ts';

export interface NewActivity {
  tenantId: string;
  epakId?: string | null;
  actorUserId: string | null;
  action: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one entry to the tenant's chain. The head row is locked for the rest of the
 * transaction, so concurrent appends in one tenant take turns and the chain never forks.
 */
export async function appendActivity(
  tx: Executor,
  entry: NewActivity,
  at: Date,
): Promise<StoredActivityEntry> {
  await tx
    .insert(activityHeads)
    .values({ tenantId: entry.tenantId, lastSeq: 0, lastHash: GENESIS_HASH })
    .onConflictDoNothing();
  const [head] = await tx
    .select()
    .from(activityHeads)
    .where(eq(activityHeads.tenantId, entry.tenantId))
    .for('update');
  if (!head) throw new Error('activity head missing after insert');
  const stored: StoredActivityEntry = {
    tenantId: entry.tenantId,
    seq: head.lastSeq + 1,
    epakId: entry.epakId ?? null,
    actorUserId: entry.actorUserId,
    action: entry.action,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    createdAt: at,
    prevHash: head.lastHash,
    hash: '',
  };
  stored.hash = entryHash(stored);
  await tx.insert(activityLog).values(stored);
  await tx
    .update(activityHeads)
    .set({ lastSeq: stored.seq, lastHash: stored.hash })
    .where(eq(activityHeads.tenantId, entry.tenantId));
  return stored;
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
