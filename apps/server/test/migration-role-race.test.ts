import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { roleStatements } from '../src/db/role-statements.ts';
import { TEST_DATABASE_URL } from './support/test-database.ts';

/**
 * Migration 0001 creates the role requests run as. Roles belong to the whole cluster while the
 * migration lock is per database, so databases of one cluster migrated at the same moment (the
 * PostgreSQL test suites on a fresh cluster, found in CI) all saw no role, and all but one failed
 * with "duplicate key value violates unique constraint pg_authid_rolname_index".
 */
describe.skipIf(!TEST_DATABASE_URL)('the role of migration 0001 (needs PostgreSQL)', () => {
  it('is made once when eight connections run its statement at the same moment, none failing', async () => {
    const [createRole] = roleStatements();
    // The same statement, for a role of this test's own so the cluster's real role is untouched.
    const role = `signet_race_${randomBytes(4).toString('hex')}`;
    const statement = createRole.replaceAll('signet_app', role);
    expect(statement).toContain(`CREATE ROLE ${role}`);
    const clients = Array.from({ length: 8 }, () => new pg.Client({ connectionString: TEST_DATABASE_URL }));
    const [first] = clients as [pg.Client];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const outcomes = await Promise.allSettled(clients.map((c) => c.query(statement)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const roles = await first.query('select rolname from pg_roles where rolname = $1', [role]);
      expect(roles.rowCount).toBe(1);
    } finally {
      await first.query(`drop role if exists ${role}`);
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
