import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { instanceSettings, tenants, userTenants } from '../schema/index.ts';

export type TenantRow = typeof tenants.$inferSelect;

/** The current tenant's row (tenant transaction) or any tenant's (owner connection). */
export async function findTenant(db: Executor, tenantId: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

export async function findTenantByName(db: Executor, name: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(sql`lower(${tenants.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertTenant(db: Executor, tenant: typeof tenants.$inferInsert): Promise<string> {
  const [row] = await db.insert(tenants).values(tenant).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned nothing');
  return row.id;
}

export async function updateTenant(
  db: Executor,
  tenantId: string,
  change: Partial<Pick<typeof tenants.$inferInsert, 'status' | 'settings' | 'name'>>,
): Promise<void> {
  await db.update(tenants).set(change).where(eq(tenants.id, tenantId));
}

/** All tenants with their member counts: the super admin's list (owner connection). */
export function listTenantsWithCounts(db: Executor) {
  return db
    .select({
      tenant: tenants,
      userCount: sql<number>`(select count(*)::int from ${userTenants} where ${userTenants.tenantId} = ${tenants.id})`,
    })
    .from(tenants)
    .orderBy(tenants.name);
}

export async function countTenants(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return row?.n ?? 0;
}

export async function getInstanceSetting<T>(db: Executor, key: string): Promise<T | null> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return (row?.value as T | undefined) ?? null;
}

/** Stores a value unless one exists, and returns whichever is stored (safe when processes race). */
export async function ensureInstanceSetting<T>(db: Executor, key: string, value: T): Promise<T> {
  await db.insert(instanceSettings).values({ key, value }).onConflictDoNothing();
  return (await getInstanceSetting<T>(db, key)) as T;
}

export async function setInstanceSetting<T>(db: Executor, key: string, value: T): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value } });
}
