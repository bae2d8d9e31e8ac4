import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../../src/db/open-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite database, which each suite's own database starts from. */
    pgliteSnapshot: string | null;
  }
}

/**
 * The server project's global set-up: one PGlite database migrated once per run and dumped, so
 * the hundred suites each load it (about half of PGlite's start) instead of creating a cluster and
 * migrating it again. Nothing when the suites run on PostgreSQL (TEST_DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return;
  }
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(join(tmpdir(), 'signet-pglite-'));
  const file = join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
