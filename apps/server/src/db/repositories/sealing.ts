import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { epaks } from '../schema/index.ts';

/** NOTIFY channel that wakes the seal job when an ePak completes (delivered on commit). */
export const SEAL_CHANNEL = 'signet_seal';

/**
 * Records, in the transaction that completes the ePak, that its completion seal is owed, and
 * wakes the seal job once that transaction commits. The marker is the durable part: a crash
 * before the job runs loses nothing, the job's schedule finds it.
 */
export async function requestSeal(tx: Executor, epakId: string, now: Date): Promise<void> {
  await tx
    .update(epaks)
    .set({ sealRequestedAt: now, sealAttempts: 0, sealRetryAt: null, sealError: null })
    .where(and(eq(epaks.id, epakId), isNull(epaks.sealRequestedAt)));
  await tx.execute(sql`select pg_notify(${SEAL_CHANNEL}, ${epakId})`);
}

export interface SealState {
  requestedAt: Date | null;
  sealedAt: Date | null;
  attempts: number;
  error: string | null;
}

export async function sealStateOf(tx: Executor, epakId: string): Promise<SealState | null> {
  const [row] = await tx
    .select({
      requestedAt: epaks.sealRequestedAt,
      sealedAt: epaks.sealedAt,
      attempts: epaks.sealAttempts,
      error: epaks.sealError,
    })
    .from(epaks)
    .where(eq(epaks.id, epakId));
  return row ?? null;
}

export async function markSealed(tx: Executor, epakId: string, now: Date): Promise<void> {
  await tx
    .update(epaks)
    .set({ sealedAt: now, sealRetryAt: null, sealError: null })
    .where(and(eq(epaks.id, epakId), isNotNull(epaks.sealRequestedAt)));
}

export async function recordSealFailure(
  tx: Executor,
  epakId: string,
  failure: { attempts: number; retryAt: Date; error: string },
): Promise<void> {
  await tx
    .update(epaks)
    .set({
      sealAttempts: failure.attempts,
      sealRetryAt: failure.retryAt,
      sealError: failure.error.slice(0, 2000),
    })
    .where(and(eq(epaks.id, epakId), isNull(epaks.sealedAt)));
}
