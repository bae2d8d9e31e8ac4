import { eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { pendingSignatures } from '../schema/index.ts';

export async function insertPendingSignature(
  tx: Executor,
  row: typeof pendingSignatures.$inferInsert,
): Promise<string> {
  const [inserted] = await tx.insert(pendingSignatures).values(row).returning({ id: pendingSignatures.id });
  if (!inserted) throw new Error('pending signature was not stored');
  return inserted.id;
}

export async function findPendingSignature(tx: Executor, id: string) {
  const [row] = await tx.select().from(pendingSignatures).where(eq(pendingSignatures.id, id)).for('update');
  return row ?? null;
}

export async function markPendingSignatureUsed(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(pendingSignatures).set({ usedAt: at }).where(eq(pendingSignatures.id, id));
}

/** Marks a pending signature used and records what came of it (redirect signing's outcome). */
export async function finishPendingSignature(
  tx: Executor,
  id: string,
  at: Date,
  state: Record<string, unknown>,
): Promise<void> {
  await tx.update(pendingSignatures).set({ usedAt: at, state }).where(eq(pendingSignatures.id, id));
}
