import { Code, type DirectoryRun } from '@signet/contracts';
import {
  type DirectoryRunRow,
  emailsOf,
  findActiveRun,
  findDirectorySettings,
  insertRun,
  latestRuns,
} from '../../db/repositories/directory.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import type { RunSummary } from './run-summary.ts';

/** How many runs the history shows. */
export const RUN_HISTORY = 20;

function presentRun(run: DirectoryRunRow, emails: Map<string, string>): DirectoryRun {
  const summary = run.summary as Partial<RunSummary>;
  return {
    runId: run.id,
    status: run.status,
    startedBy: emails.get(run.startedBy) ?? '',
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    total: run.total,
    seen: run.seen,
    created: run.created,
    updated: run.updated,
    disabled: run.disabled,
    failed: run.failed,
    failures: summary.failures ?? [],
    groups: summary.groups ?? [],
    error: run.error,
    errorKind: run.error ? (summary.errorKind ?? 'unexpected') : null,
  };
}

/** Postgres's unique violation: another start won the race for the tenant's one active run. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * `POST /v2/startUserSyncUp`: queues a sync-up of the tenant's members from its directory; the
 * `signet-directory-sync` job does the work (woken at commit). One at a time per tenant: -1302
 * while one is queued or running; -1301 without a directory connection.
 */
export async function startUserSyncUp(actor: Actor, deps: Deps): Promise<DirectoryRun> {
  authorizeInTenant(actor, 'directory.manage');
  const tenantId = actor.tenantId;
  const now = deps.clock.now();
  try {
    return await deps.db.withTenant(tenantId, async (tx) => {
      if (!(await findDirectorySettings(tx)))
        throw new AppError(Code.DIRECTORY_NOT_CONFIGURED, 'Set up the directory connection first');
      if (await findActiveRun(tx))
        throw new AppError(
          Code.DIRECTORY_SYNC_RUNNING,
          'A sync-up is already running; wait for it to finish',
        );
      const run = await insertRun(tx, { tenantId, startedBy: actor.userId, createdAt: now });
      await appendActivity(
        tx,
        {
          tenantId,
          actorUserId: actor.userId,
          action: 'directory.syncStarted',
          details: { runId: run.id },
          ip: actor.ip,
        },
        now,
      );
      return presentRun(run, await emailsOf(tx, [actor.userId]));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(Code.DIRECTORY_SYNC_RUNNING, 'A sync-up is already running; wait for it to finish');
    throw error;
  }
}

/** `GET /v2/userSyncUp/runs`: the latest runs, newest first, with their progress and summary. */
export async function listSyncRuns(actor: Actor, deps: Deps): Promise<{ runs: DirectoryRun[] }> {
  authorizeInTenant(actor, 'directory.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const runs = await latestRuns(tx, RUN_HISTORY);
    const emails = await emailsOf(
      tx,
      runs.map((r) => r.startedBy),
    );
    return { runs: runs.map((r) => presentRun(r, emails)) };
  });
}
