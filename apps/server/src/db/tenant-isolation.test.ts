import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-database.ts';
import type { Database } from './database.ts';
import { groups, tenants, users, userTenants } from './schema/index.ts';

let db: Database;
const tenantA = '00000000-0000-4000-8000-00000000000a';
const tenantB = '00000000-0000-4000-8000-00000000000b';
const userA = '00000000-0000-4000-8000-0000000000a1';
const userB = '00000000-0000-4000-8000-0000000000b1';

beforeAll(async () => {
  db = await createTestDatabase();
  await db.system.insert(tenants).values([
    { id: tenantA, name: 'A' },
    { id: tenantB, name: 'B' },
  ]);
  await db.system.insert(users).values([
    { id: userA, email: 'a@a.test' },
    { id: userB, email: 'b@b.test' },
  ]);
  await db.system.insert(userTenants).values([
    { tenantId: tenantA, userId: userA, role: 'admin', status: 'enabled' },
    { tenantId: tenantB, userId: userB, role: 'admin', status: 'enabled' },
  ]);
  await db.system.insert(groups).values([
    { tenantId: tenantA, name: 'ga' },
    { tenantId: tenantB, name: 'gb' },
  ]);
});
afterAll(() => db.close());

/** A transaction as the app role with no tenant set: what a forgotten context would look like. */
function withoutTenant<T>(fn: Parameters<Database['withTenant']>[1]) {
  return db.system.transaction(async (tx) => {
    await tx.execute(sql.raw('set local role signet_app'));
    return fn(tx) as Promise<T>;
  });
}

describe('row-level security', () => {
  it('a query run without a tenant context sees no rows of any tenant-owned table', async () => {
    const counts = await withoutTenant(async (tx) => ({
      tenants: (await tx.select().from(tenants)).length,
      users: (await tx.select().from(users)).length,
      memberships: (await tx.select().from(userTenants)).length,
      groups: (await tx.select().from(groups)).length,
    }));
    expect(counts).toEqual({ tenants: 0, users: 0, memberships: 0, groups: 0 });
  });

  it("a tenant transaction sees only its own tenant's rows", async () => {
    const seen = await db.withTenant(tenantA, async (tx) => ({
      tenants: (await tx.select().from(tenants)).map((t) => t.id),
      users: (await tx.select().from(users)).map((u) => u.id),
      groups: (await tx.select().from(groups)).map((g) => g.name),
    }));
    expect(seen).toEqual({ tenants: [tenantA], users: [userA], groups: ['ga'] });
  });

  it('a tenant transaction cannot write a row into another tenant', async () => {
    const error = await db
      .withTenant(tenantA, (tx) => tx.insert(groups).values({ tenantId: tenantB, name: 'intruder' }))
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(String((error?.cause as Error | undefined)?.message)).toMatch(/row-level security/);
  });

  it("a tenant transaction cannot change another tenant's rows", async () => {
    const changed = await db.withTenant(tenantA, (tx) =>
      tx.update(groups).set({ name: 'renamed' }).where(sql`${groups.tenantId} = ${tenantB}`).returning(),
    );
    expect(changed).toEqual([]);
    const [gb] = await db.system.select().from(groups).where(sql`${groups.tenantId} = ${tenantB}`);
    expect(gb?.name).toBe('gb');
  });

  it('the tenant context ends with its transaction', async () => {
    await db.withTenant(tenantA, (tx) => tx.select().from(groups));
    const after = await withoutTenant(async (tx) => (await tx.select().from(groups)).length);
    expect(after).toBe(0);
  });
});
