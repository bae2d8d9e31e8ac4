import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { tenantKeys, userCertificates } from '../schema/index.ts';

export type TenantKeyKind = 'root' | 'issuing' | 'seal';

export async function tenantKeysOf(tx: Executor, tenantId: string) {
  const rows = await tx.select().from(tenantKeys).where(eq(tenantKeys.tenantId, tenantId));
  return new Map(rows.map((r) => [r.kind as TenantKeyKind, r]));
}

/** Inserts the tenant's keys unless another request made them first (then theirs stand). */
export async function insertTenantKeys(
  tx: Executor,
  rows: { tenantId: string; kind: TenantKeyKind; certificate: Uint8Array; privateKey: Uint8Array }[],
): Promise<void> {
  await tx.insert(tenantKeys).values(rows).onConflictDoNothing();
}

export async function activeUserCertificate(tx: Executor, userId: string) {
  const [row] = await tx
    .select()
    .from(userCertificates)
    .where(and(eq(userCertificates.userId, userId), eq(userCertificates.status, 'active')))
    .orderBy(desc(userCertificates.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findUserCertificate(tx: Executor, id: string) {
  const [row] = await tx.select().from(userCertificates).where(eq(userCertificates.id, id));
  return row ?? null;
}

export async function insertUserCertificate(
  tx: Executor,
  row: typeof userCertificates.$inferInsert,
): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await tx.insert(userCertificates).values({ ...row, id });
  return id;
}

export async function updateUserCertificate(
  tx: Executor,
  id: string,
  change: Partial<
    Pick<
      typeof userCertificates.$inferInsert,
      'certificate' | 'privateKey' | 'pinSalt' | 'status' | 'failedPinAttempts'
    >
  >,
): Promise<void> {
  await tx.update(userCertificates).set(change).where(eq(userCertificates.id, id));
}

export async function countPinFailure(tx: Executor, id: string): Promise<number> {
  const [row] = await tx
    .update(userCertificates)
    .set({ failedPinAttempts: sql`${userCertificates.failedPinAttempts} + 1` })
    .where(eq(userCertificates.id, id))
    .returning({ n: userCertificates.failedPinAttempts });
  return row?.n ?? 0;
}

/** Every tenant's root CA certificate (the system connection: /verify trusts them all). */
export async function allTenantRoots(tx: Executor): Promise<Uint8Array[]> {
  const rows = await tx
    .select({ certificate: tenantKeys.certificate })
    .from(tenantKeys)
    .where(eq(tenantKeys.kind, 'root'));
  return rows.map((r) => r.certificate);
}

/** How many tenant root CAs exist: tells a cache of `allTenantRoots` that it is stale. */
export async function countTenantRoots(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tenantKeys)
    .where(eq(tenantKeys.kind, 'root'));
  return row?.n ?? 0;
}
