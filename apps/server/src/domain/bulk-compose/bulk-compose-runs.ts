import {
  BULK_COMPOSE_RESULT_COLUMNS,
  type BulkComposeLayout,
  type BulkComposeRun,
  Code,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  type BulkComposeRunRow,
  bulkRunsOf,
  cancelPendingRows,
  countBulkRows,
  failedBulkRows,
  findBulkRun,
  notifyBulkProgress,
  updateBulkRun,
} from '../../db/repositories/bulk-compose.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { csvStream, csvText } from '../csv/write-csv.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { FAILURES_LISTED, presentRun } from './present-run.ts';
import { templateLayout } from './template-layout.ts';

/** How many runs the history shows. */
export const RUN_HISTORY = 20;
const FAILED_PAGE = 500;

/** A run of the actor's own (another's is 404 alike, as if it did not exist). */
async function ownRun(tx: Executor, actor: TenantActor, runId: string): Promise<BulkComposeRunRow> {
  const run = await findBulkRun(tx, runId);
  if (!run || run.ownerId !== actor.userId)
    throw new AppError(Code.GENERIC_ERROR, 'The bulk compose run does not exist', { httpStatus: 404 });
  return run;
}

/** `GET /v2/bulkcompose/template/{docTemplateId}/header`: the CSV header the template takes. */
export async function bulkComposeHeader(
  actor: Actor,
  docTemplateId: string,
  deps: Deps,
): Promise<{ layout: BulkComposeLayout; csv: string }> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  const layout = await deps.db.withTenant(actor.tenantId, (tx) => templateLayout(tx, actor, docTemplateId));
  return { layout, csv: csvText([layout.columns]) };
}

/** `GET /v2/bulkcompose/template/{docTemplateId}`: the layout (roles, fields, columns) for showing. */
export async function bulkComposeLayoutOf(
  actor: Actor,
  docTemplateId: string,
  deps: Deps,
): Promise<BulkComposeLayout> {
  return (await bulkComposeHeader(actor, docTemplateId, deps)).layout;
}

/** `GET /v2/bulkcompose/runs/{runId}`. */
export async function getBulkRun(actor: Actor, runId: string, deps: Deps): Promise<BulkComposeRun> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const run = await ownRun(tx, actor, runId);
    return presentRun(run, await failedBulkRows(tx, run.id, 0, FAILURES_LISTED), deps.clock.now());
  });
}

/** `GET /v2/bulkcompose/runs`: the actor's latest runs, newest first. */
export async function listBulkRuns(actor: Actor, deps: Deps): Promise<{ runs: BulkComposeRun[] }> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  const now = deps.clock.now();
  return deps.db.withTenant(actor.tenantId, async (tx) => ({
    runs: (await bulkRunsOf(tx, actor.userId, RUN_HISTORY)).map((r) => presentRun(r, [], now)),
  }));
}

/**
 * `POST /v2/bulkcompose/runs/{runId}/cancel`: rows not sent yet are cancelled; a row being sent
 * when the cancel arrives is finished first (its lock), so what the answer counts is final.
 */
export async function cancelBulkRun(actor: Actor, runId: string, deps: Deps): Promise<BulkComposeRun> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  const now = deps.clock.now();
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const run = await ownRun(tx, actor, runId);
    if (run.status === 'queued' || run.status === 'running') {
      await cancelPendingRows(tx, run.id);
      const counts = await countBulkRows(tx, run.id);
      await updateBulkRun(tx, run.id, {
        status: 'cancelled',
        finishedAt: now,
        sent: counts.sent,
        failed: counts.failed,
        cancelled: counts.cancelled,
      });
      await appendActivity(
        tx,
        {
          tenantId: run.tenantId,
          actorUserId: actor.userId,
          action: 'bulkCompose.cancelled',
          details: { runId: run.id, sent: counts.sent, cancelled: counts.cancelled },
          ip: actor.ip,
        },
        now,
      );
      await notifyBulkProgress(tx, run);
    }
    const after = await ownRun(tx, actor, runId);
    return presentRun(after, await failedBulkRows(tx, run.id, 0, FAILURES_LISTED), now);
  });
}

/**
 * `GET /v2/bulkcompose/runs/{runId}/failed`: the failed rows as the file had them, with the
 * header, plus `code` and `message` columns the server ignores on upload, so the file can be
 * fixed and uploaded again as it is. Written as it is read, a page of rows at a time.
 */
export async function failedRowsCsv(
  actor: Actor,
  runId: string,
  deps: Deps,
): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  const tenantId = actor.tenantId;
  const run = await deps.db.withTenant(tenantId, (tx) => ownRun(tx, actor, runId));
  const layout = run.layout as BulkComposeLayout;
  async function* rows() {
    yield [...layout.columns, ...BULK_COMPOSE_RESULT_COLUMNS];
    let after = 0;
    for (;;) {
      const page = await deps.db.withTenant(tenantId, (tx) => failedBulkRows(tx, run.id, after, FAILED_PAGE));
      for (const r of page) {
        // Stored in the template's column order (a row of the wrong width, -175, as it came).
        yield [...r.cells, String(r.code ?? ''), r.message ?? ''];
      }
      if (page.length < FAILED_PAGE) return;
      after = page[page.length - 1]?.rowNumber ?? after;
    }
  }
  const base = run.fileName.replace(/\.csv$/i, '') || 'bulk-compose';
  return { fileName: `${base}-failed.csv`, stream: csvStream(rows()) };
}
