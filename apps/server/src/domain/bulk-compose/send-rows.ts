import { type BulkComposeLayout, Code, type Role, SENDER_ROLES } from '@signet/contracts';
import {
  analyzeGrowingTables,
  type BulkComposeRunRow,
  claimBulkRun,
  countBulkRows,
  dueBulkRuns,
  findBulkRun,
  lockPendingRow,
  lockPendingRows,
  markBulkRow,
  markBulkRows,
  notifyBulkProgress,
  pendingRowNumbers,
  updateBulkRun,
} from '../../db/repositories/bulk-compose.ts';
import { tagsOfEpak, updateTag } from '../../db/repositories/epaks.ts';
import { findMember } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { languageOfLocale } from '../auth/language.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { createEpakIn } from '../epaks/create-epak.ts';
import { tagWritableBy } from '../epaks/fill-tags.ts';
import { startEpak } from '../epaks/start-epak.ts';
import { composeBatch } from './compose-batch.ts';
import { type ComposedRow, checkRow, fieldValueFor, type HeaderMap, layoutOrder } from './layout.ts';
import { planRun, type RunPlan, rowInput } from './run-plan.ts';

/** A running run whose heartbeat is older than this belonged to a process that died: it is taken up again. */
export const BULK_STALE_AFTER_SECONDS = 60;
/**
 * Rows sent in one transaction. Each table is written once per batch, so a bigger batch costs
 * fewer round trips; it also holds the tenant's activity chain (locked at its end) and is what a
 * database error sends back to the one-row path, which keeps it moderate.
 */
const BATCH = 100;
/** Batches under way at once: one is built in Node while PostgreSQL writes the other. */
const PARALLEL = 2;
/** Rows sent between two refreshes of the planner's statistics (`analyzeGrowingTables`). */
const ANALYZE_EVERY = 2000;

export interface SendOptions {
  /** Stops between batches as a killed process would (the run stays `running`): the restart test. */
  signal?: AbortSignal;
  /** Called for each row once its transaction committed (tests stop a run midway at a known point). */
  onRow?: () => void;
  /** Rows per transaction (tests use small batches to stop midway). */
  batchSize?: number;
  /** Each row through the use cases alone, the batch's fallback (tests compare the two paths). */
  oneByOne?: boolean;
  /** Rows between two refreshes of the planner's statistics (tests use a few). */
  analyzeEvery?: number;
}

/** The `signet-bulk-compose` job: every queued run, and any left running by a dead process. */
export async function runDueBulkComposes(deps: Deps, options: SendOptions = {}): Promise<number> {
  const staleBefore = addSeconds(deps.clock.now(), -BULK_STALE_AFTER_SECONDS);
  let done = 0;
  for (const { tenantId, runId } of await dueBulkRuns(deps.db.system, staleBefore, 10)) {
    if (await sendBulkRun(tenantId, runId, deps, options)) done += 1;
  }
  return done;
}

/**
 * The owner sends every row, as if they had composed it: the use cases check their rights again,
 * and an owner who may no longer compose (role changed, disabled) fails the remaining rows (-11).
 */
async function ownerActor(run: BulkComposeRunRow, deps: Deps): Promise<TenantActor | null> {
  const member = await deps.db.withTenant(run.tenantId, (tx) => findMember(tx, run.ownerId));
  const role = member?.membership.role as Role | undefined;
  if (member?.membership.status !== 'enabled' || !role || !SENDER_ROLES.includes(role)) return null;
  return {
    userId: run.ownerId,
    tenantId: run.tenantId,
    role,
    sessionId: `bulk-compose:${run.id}`,
    ip: null,
    // Mails to people without a profile language are in the uploader's (kept on the run).
    language: languageOfLocale(run.language),
  };
}

/**
 * Works one run until no row is pending, it is cancelled, or `signal` stops it; false when
 * another worker has it. Each row is created, filled, sent and marked `sent` in one
 * transaction, so a row is sent once whatever stops the process.
 */
export async function sendBulkRun(
  tenantId: string,
  runId: string,
  deps: Deps,
  options: SendOptions = {},
): Promise<boolean> {
  const now = deps.clock.now();
  const run = await deps.db.withTenant(tenantId, (tx) =>
    claimBulkRun(tx, runId, now, addSeconds(now, -BULK_STALE_AFTER_SECONDS)),
  );
  if (!run) return false;
  const layout = run.layout as BulkComposeLayout;
  const header = layoutOrder(layout);
  const actor = await ownerActor(run, deps);
  // A run with a stamp paper sends each row through compose itself (a paper reserved per ePak).
  const plan = actor && !options.oneByOne && !run.stampPaper ? await planOrNull(actor, run, deps) : null;
  const batchSize = options.batchSize ?? BATCH;
  let sinceAnalyze = 0;
  for (;;) {
    if (options.signal?.aborted) return true;
    const numbers = await deps.db.withTenant(tenantId, (tx) =>
      pendingRowNumbers(tx, runId, batchSize * PARALLEL),
    );
    if (numbers.length === 0) break;
    const queue = Array.from({ length: Math.ceil(numbers.length / batchSize) }, (_, i) =>
      numbers.slice(i * batchSize, (i + 1) * batchSize),
    );
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) {
          if (options.signal?.aborted) return;
          const alone = plan ? await sendBatch(plan, batch, deps) : batch;
          for (const n of alone) await sendRow(actor, run, n, layout, header, deps);
          for (const _ of batch) options.onRow?.();
        }
      }),
    );
    deps.mailer.kick();
    sinceAnalyze += numbers.length;
    if (sinceAnalyze >= (options.analyzeEvery ?? ANALYZE_EVERY)) {
      sinceAnalyze = 0;
      await analyzeGrowingTables(deps.db.system);
    }
    const status = await writeProgress(run, deps);
    if (status === 'cancelled') return true;
  }
  await finish(run, deps);
  return true;
}

/** The run's shared reads, or null when they fail (a deleted template): each row then fails alone with its code. */
async function planOrNull(actor: TenantActor, run: BulkComposeRunRow, deps: Deps): Promise<RunPlan | null> {
  try {
    return await deps.db.withTenant(run.tenantId, (tx) => planRun(tx, actor, run));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return null;
  }
}

/**
 * Sends a batch of rows in one transaction (`composeBatch`), their states written with them:
 * answers the rows left to the one-row path — those the batch could not carry out, or all of
 * them when the batch's transaction failed and rolled back.
 */
async function sendBatch(plan: RunPlan, rowNumbers: readonly number[], deps: Deps): Promise<number[]> {
  try {
    return await deps.db.withTenant(plan.run.tenantId, async (tx) => {
      const rows = await lockPendingRows(tx, plan.run.id, rowNumbers);
      const outcomes = await composeBatch(tx, plan, rows, deps);
      await markBulkRows(
        tx,
        plan.run.id,
        outcomes.flatMap((o): Parameters<typeof markBulkRows>[2][number][] =>
          o.state === 'sent'
            ? [
                {
                  rowNumber: o.rowNumber,
                  state: 'sent' as const,
                  code: Code.SUCCESS,
                  message: null,
                  epakId: o.epakId,
                },
              ]
            : o.state === 'failed'
              ? [
                  {
                    rowNumber: o.rowNumber,
                    state: 'failed' as const,
                    code: o.code,
                    message: o.message,
                    epakId: null,
                  },
                ]
              : [],
        ),
      );
      return outcomes.flatMap((o) => (o.state === 'alone' ? [o.rowNumber] : []));
    });
  } catch (error) {
    deps.log.warn(
      { err: error, runId: plan.run.id },
      'bulk compose: a batch failed; its rows are sent one by one',
    );
    return [...rowNumbers];
  }
}

/** One row in its own transaction through the use cases themselves: the batch's fallback. */
async function sendRow(
  actor: TenantActor | null,
  run: BulkComposeRunRow,
  rowNumber: number,
  layout: BulkComposeLayout,
  header: HeaderMap,
  deps: Deps,
): Promise<void> {
  try {
    await deps.db.withTenant(run.tenantId, async (tx) => {
      const row = await lockPendingRow(tx, run.id, rowNumber);
      if (!row) return;
      if (!actor)
        throw new AppError(Code.NOT_AUTHORIZED, 'The owner of this run may no longer compose ePaks');
      const check = checkRow(layout, header, row.cells);
      if (!check.ok) {
        await markBulkRow(tx, run.id, rowNumber, {
          state: 'failed',
          code: check.code,
          message: check.message,
        });
        return;
      }
      const epakId = await createEpakIn(actor, rowInput(run, check.row), deps, tx);
      await fillFields(tx, epakId, check.row);
      await startEpak(actor, epakId, deps, tx);
      await markBulkRow(tx, run.id, rowNumber, { state: 'sent', code: Code.SUCCESS, message: null, epakId });
    });
  } catch (error) {
    // The row's transaction rolled back: nothing of its ePak remains. The refusal is recorded
    // in a transaction of its own, if the row is still pending (a cancel may have come between).
    const code = error instanceof AppError ? error.code : Code.SYSTEM_ERROR;
    const message = error instanceof AppError ? error.message : 'Unexpected error';
    if (!(error instanceof AppError))
      deps.log.error({ err: error, runId: run.id, rowNumber }, 'bulk compose: a row failed unexpectedly');
    await deps.db.withTenant(run.tenantId, async (tx) => {
      if (await lockPendingRow(tx, run.id, rowNumber))
        await markBulkRow(tx, run.id, rowNumber, { state: 'failed', code, message });
    });
  }
}

/** The custodian's text fields of the new ePak take the row's values (the owner may fill them). */
async function fillFields(
  tx: Parameters<typeof tagsOfEpak>[0],
  epakId: string,
  row: ComposedRow,
): Promise<void> {
  if (row.fieldValues.size === 0) return;
  for (const tag of await tagsOfEpak(tx, epakId)) {
    if (tag.readOnly || !tagWritableBy(tag, 'custodian')) continue;
    const value = fieldValueFor(row, tag);
    if (value !== undefined) await updateTag(tx, tag.id, { value });
  }
}

/** Counts and heartbeat to the run, and a nudge to the owner's sockets; answers the run's status. */
async function writeProgress(run: BulkComposeRunRow, deps: Deps): Promise<string> {
  return deps.db.withTenant(run.tenantId, async (tx) => {
    const counts = await countBulkRows(tx, run.id);
    const current = await findBulkRun(tx, run.id);
    if (current?.status !== 'running') return current?.status ?? 'cancelled';
    await updateBulkRun(tx, run.id, {
      sent: counts.sent,
      failed: counts.failed,
      cancelled: counts.cancelled,
      heartbeatAt: deps.clock.now(),
    });
    await notifyBulkProgress(tx, run);
    return 'running';
  });
}

async function finish(run: BulkComposeRunRow, deps: Deps): Promise<void> {
  const finishedAt = deps.clock.now();
  await deps.db.withTenant(run.tenantId, async (tx) => {
    const current = await findBulkRun(tx, run.id);
    if (current?.status !== 'running') return;
    const counts = await countBulkRows(tx, run.id);
    await updateBulkRun(tx, run.id, {
      status: 'completed',
      finishedAt,
      heartbeatAt: finishedAt,
      sent: counts.sent,
      failed: counts.failed,
      cancelled: counts.cancelled,
    });
    await appendActivity(
      tx,
      {
        tenantId: run.tenantId,
        actorUserId: run.ownerId,
        action: 'bulkCompose.finished',
        details: { runId: run.id, sent: counts.sent, failed: counts.failed },
        ip: null,
      },
      finishedAt,
    );
    await notifyBulkProgress(tx, run);
  });
}
