import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL } from './support/test-database.ts';

/**
 * PostgreSQL ends its connections when it restarts (or an operator terminates a backend). A pool
 * connection checked out for a transaction has no listener of pg-pool's own, so without one of
 * ours the end of its connection, arriving between two queries, was an unhandled 'error' event
 * that ended the whole server process (found by the fault soak, issue 16).
 */
describe.skipIf(!TEST_DATABASE_URL)(
  'a PostgreSQL connection ended under a transaction (needs PostgreSQL)',
  () => {
    it('fails that transaction only, and the next query gets a new connection', async () => {
      const db = await createTestDatabase();
      try {
        const transaction = db.systemTx(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          const operator = new pg.Client({ connectionString: db.url });
          await operator.connect();
          await operator.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
          await operator.end();
          // The termination reaches the connection while no query of it runs.
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        });
        await expect(transaction).rejects.toThrow();
        expect((await db.raw.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.close();
      }
    });
  },
);
