import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';

/** The PostgreSQL to test against; without it the suites use an in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * A database of its own for one test file: an in-memory PGlite, or a fresh database on
 * TEST_DATABASE_URL, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (!TEST_DATABASE_URL) return openDatabase({ kind: 'pglite', dataDir: null });
  const name = `signet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...db,
    url: url.toString(),
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
