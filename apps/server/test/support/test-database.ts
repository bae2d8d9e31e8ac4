import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';

/** The PostgreSQL to test against; without it the suites use an in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

let snapshot: Promise<Blob | undefined> | undefined;

/**
 * The migrated database the server project's global set-up dumped (support/database-snapshot.ts),
 * read once per worker; none outside a Vitest run (the benchmarks), where PGlite starts afresh.
 */
function migratedSnapshot(): Promise<Blob | undefined> {
  snapshot ??= (async () => {
    let file: string | null = null;
    try {
      file = inject('pgliteSnapshot');
    } catch {
      return undefined;
    }
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return snapshot;
}

/**
 * A database of its own for one test file: an in-memory PGlite (from the run's migrated
 * snapshot), or a fresh database on TEST_DATABASE_URL, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (!TEST_DATABASE_URL) {
    const migrated = await migratedSnapshot();
    return openDatabase({ kind: 'pglite', dataDir: null, ...(migrated ? { snapshot: migrated } : {}) });
  }
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
