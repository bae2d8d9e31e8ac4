import { randomBytes } from 'node:crypto';
import { Code } from '@signet/contracts';
import { newestAppliedMigration, newestMigration, pingDatabase } from '../../db/repositories/operations.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';

/** How long one check may take before it counts as failed. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export interface ReadinessCheck {
  ok: boolean;
  /** How long the check took, in milliseconds. */
  ms: number;
}

export interface Readiness {
  ready: boolean;
  checks: { database: ReadinessCheck; migrations: ReadinessCheck; storage: ReadinessCheck };
}

/** Runs `work` with a time limit: a database that does not answer is as bad as one that refuses. */
async function timed(name: string, work: () => Promise<void>, deps: Deps): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`)),
          READY_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    // The reason goes to the log, not to the public answer.
    deps.log.warn({ check: name, err: error }, 'readiness check failed');
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /public/ready`: whether this process can serve — the database answers, it has every
 * checked-in migration (the journal's newest is recorded in `drizzle.__drizzle_migrations`), and
 * the blob store takes a write. The storage probe writes a small random blob and deletes it again:
 * its name is its hash, so it is never one a document points to, and on S3 it costs one PUT and
 * one DELETE. A failing check throws -1601 (503) with the same report as data.
 */
export async function readiness(deps: Deps): Promise<Readiness> {
  const [database, migrations, storage] = await Promise.all([
    timed('database', () => pingDatabase(deps.db), deps),
    timed(
      'migrations',
      async () => {
        const applied = await newestAppliedMigration(deps.db);
        const newest = newestMigration();
        if (applied === null || applied < newest.when) {
          throw new Error(`migration ${newest.tag} is not applied`);
        }
      },
      deps,
    ),
    timed(
      'storage',
      async () => {
        const probe = new TextEncoder().encode(`signet readiness probe ${randomBytes(16).toString('hex')}`);
        const { hash } = await deps.blobs.put(probe);
        await deps.blobs.delete(hash);
      },
      deps,
    ),
  ]);
  const report: Readiness = {
    ready: database.ok && migrations.ok && storage.ok,
    checks: { database, migrations, storage },
  };
  if (!report.ready) {
    throw new AppError(Code.NOT_READY, undefined, { data: report, retryAfterSeconds: 5 });
  }
  return report;
}
