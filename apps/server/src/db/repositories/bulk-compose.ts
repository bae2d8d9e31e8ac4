import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import { bulkComposeRows, bulkComposeRuns } from '../schema/index.ts';

/** NOTIFY channel that wakes the bulk compose job when a file is uploaded (delivered on commit). */
export const BULK_COMPOSE_CHANNEL = 'signet_bulk_compose';
/** NOTIFY channel of a run's progress, relayed to its owner's sockets: `{tenantId, userId, runId}`. */
export const BULK_COMPOSE_PROGRESS_CHANNEL = 'signet_bulk_compose_progress';

export type BulkComposeRunRow = typeof bulkComposeRuns.$inferSelect;
export type BulkComposeRowRow = typeof bulkComposeRows.$inferSelect;

export async function insertBulkRun(
  tx: Executor,
  run: typeof bulkComposeRuns.$inferInsert,
): Promise<BulkComposeRunRow> {
  const [row] = await tx.insert(bulkComposeRuns).values(run).returning();
  if (!row) throw new Error('bulk compose run not inserted');
  return row;
}

export async function insertBulkRows(
  tx: Executor,
  rows: (typeof bulkComposeRows.$inferInsert)[],
): Promise<void> {
  await insertRows(tx, bulkComposeRows, rows);
}

/** Wakes the job once the upload's transaction commits. */
export async function notifyBulkQueued(tx: Executor, runId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${BULK_COMPOSE_CHANNEL}, ${runId})`);
}

/** Tells the owner's sockets (on every process) that the run moved. */
export async function notifyBulkProgress(
  tx: Executor,
  run: Pick<BulkComposeRunRow, 'tenantId' | 'ownerId' | 'id'>,
) {
  const payload = JSON.stringify({ tenantId: run.tenantId, userId: run.ownerId, runId: run.id });
  await tx.execute(sql`select pg_notify(${BULK_COMPOSE_PROGRESS_CHANNEL}, ${payload})`);
}

export async function findBulkRun(tx: Executor, runId: string): Promise<BulkComposeRunRow | null> {
  const [row] = await tx.select().from(bulkComposeRuns).where(eq(bulkComposeRuns.id, runId));
  return row ?? null;
}

export function bulkRunsOf(tx: Executor, ownerId: string, limit: number): Promise<BulkComposeRunRow[]> {
  return tx
    .select()
    .from(bulkComposeRuns)
    .where(eq(bulkComposeRuns.ownerId, ownerId))
    .orderBy(desc(bulkComposeRuns.createdAt))
    .limit(limit);
}

export async function updateBulkRun(
  tx: Executor,
  runId: string,
  change: Partial<
    Pick<
      typeof bulkComposeRuns.$inferInsert,
      'status' | 'heartbeatAt' | 'finishedAt' | 'total' | 'sent' | 'failed' | 'cancelled'
    >
  >,
): Promise<void> {
  await tx.update(bulkComposeRuns).set(change).where(eq(bulkComposeRuns.id, runId));
}

/**
 * Takes a queued run, or a running one whose heartbeat stopped before `staleBefore` (its process
 * died): null when another worker has it or it ended.
 */
export async function claimBulkRun(
  tx: Executor,
  runId: string,
  now: Date,
  staleBefore: Date,
): Promise<BulkComposeRunRow | null> {
  const [row] = await tx
    .update(bulkComposeRuns)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${bulkComposeRuns.startedAt}, ${now})`,
      heartbeatAt: now,
    })
    .where(
      and(
        eq(bulkComposeRuns.id, runId),
        or(
          eq(bulkComposeRuns.status, 'queued'),
          and(eq(bulkComposeRuns.status, 'running'), lt(bulkComposeRuns.heartbeatAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Runs to work on in every tenant (owner connection): queued ones, and running ones left by a dead process. */
export function dueBulkRuns(
  db: Executor,
  staleBefore: Date,
  limit: number,
): Promise<{ tenantId: string; runId: string }[]> {
  return db
    .select({ tenantId: bulkComposeRuns.tenantId, runId: bulkComposeRuns.id })
    .from(bulkComposeRuns)
    .where(
      or(
        eq(bulkComposeRuns.status, 'queued'),
        and(eq(bulkComposeRuns.status, 'running'), lt(bulkComposeRuns.heartbeatAt, staleBefore)),
      ),
    )
    .orderBy(bulkComposeRuns.createdAt)
    .limit(limit);
}

/** The next pending rows' numbers, in file order. */
export async function pendingRowNumbers(tx: Executor, runId: string, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ n: bulkComposeRows.rowNumber })
    .from(bulkComposeRows)
    .where(and(eq(bulkComposeRows.runId, runId), eq(bulkComposeRows.state, 'pending')))
    .orderBy(asc(bulkComposeRows.rowNumber))
    .limit(limit);
  return rows.map((r) => r.n);
}

/**
 * Locks a row that is still pending for the transaction that sends it; null when it was sent,
 * failed or cancelled meanwhile, or another worker holds it.
 */
export async function lockPendingRow(
  tx: Executor,
  runId: string,
  rowNumber: number,
): Promise<BulkComposeRowRow | null> {
  const [row] = await tx
    .select()
    .from(bulkComposeRows)
    .where(
      and(
        eq(bulkComposeRows.runId, runId),
        eq(bulkComposeRows.rowNumber, rowNumber),
        eq(bulkComposeRows.state, 'pending'),
      ),
    )
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markBulkRow(
  tx: Executor,
  runId: string,
  rowNumber: number,
  change: Pick<typeof bulkComposeRows.$inferInsert, 'state' | 'code' | 'message' | 'epakId'>,
): Promise<void> {
  await tx
    .update(bulkComposeRows)
    .set(change)
    .where(and(eq(bulkComposeRows.runId, runId), eq(bulkComposeRows.rowNumber, rowNumber)));
}

/**
 * Locks the rows of `rowNumbers` still pending, for the transaction that sends them (a batch);
 * rows sent, failed or cancelled meanwhile, or held by another worker, are left out.
 */
export function lockPendingRows(
  tx: Executor,
  runId: string,
  rowNumbers: readonly number[],
): Promise<BulkComposeRowRow[]> {
  if (rowNumbers.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(bulkComposeRows)
    .where(
      and(
        eq(bulkComposeRows.runId, runId),
        inArray(bulkComposeRows.rowNumber, [...rowNumbers]),
        eq(bulkComposeRows.state, 'pending'),
      ),
    )
    .orderBy(asc(bulkComposeRows.rowNumber))
    .for('update', { skipLocked: true });
}

/** Writes the outcomes of a batch's rows in one statement. */
export async function markBulkRows(
  tx: Executor,
  runId: string,
  outcomes: readonly {
    rowNumber: number;
    state: 'sent' | 'failed';
    code: number;
    message: string | null;
    epakId: string | null;
  }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  // The outcomes travel as one JSON parameter: building a placeholder per value costs more.
  const json = JSON.stringify(
    outcomes.map((o) => ({ n: o.rowNumber, s: o.state, c: o.code, m: o.message, e: o.epakId })),
  );
  await tx.execute(sql`
    update ${bulkComposeRows} as r
    set state = v.s, code = v.c, message = v.m, epak_id = v.e
    from json_to_recordset(${json}::json) as v(n int, s text, c int, m text, e uuid)
    where r.run_id = ${runId} and r.row_number = v.n`);
}

/** Cancels the rows not sent yet; a row being sent keeps its lock and its outcome. */
export async function cancelPendingRows(tx: Executor, runId: string): Promise<void> {
  await tx
    .update(bulkComposeRows)
    .set({ state: 'cancelled' })
    .where(and(eq(bulkComposeRows.runId, runId), eq(bulkComposeRows.state, 'pending')));
}

/** How many rows are in each state. */
export async function countBulkRows(tx: Executor, runId: string) {
  const rows = await tx
    .select({ state: bulkComposeRows.state, n: sql<number>`count(*)::int` })
    .from(bulkComposeRows)
    .where(eq(bulkComposeRows.runId, runId))
    .groupBy(bulkComposeRows.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { pending: of('pending'), sent: of('sent'), failed: of('failed'), cancelled: of('cancelled') };
}

/** Failed rows after `afterRow`, in file order (a page of the failed-rows file). */
export function failedBulkRows(
  tx: Executor,
  runId: string,
  afterRow: number,
  limit: number,
): Promise<BulkComposeRowRow[]> {
  return tx
    .select()
    .from(bulkComposeRows)
    .where(
      and(
        eq(bulkComposeRows.runId, runId),
        eq(bulkComposeRows.state, 'failed'),
        gt(bulkComposeRows.rowNumber, afterRow),
      ),
    )
    .orderBy(asc(bulkComposeRows.rowNumber))
    .limit(limit);
}

/** The ePaks the rows of some runs became (tests and the benchmark count them). */
export async function sentEpakIds(tx: Executor, runIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: bulkComposeRows.epakId })
    .from(bulkComposeRows)
    .where(and(inArray(bulkComposeRows.runId, runIds), eq(bulkComposeRows.state, 'sent')));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

/**
 * Refreshes the planner's statistics of the tables a bulk run grows. Autovacuum analyses a table
 * only after a fifth of it has changed, and until then every inbox list is planned for the
 * table's old size (issue 13: the list's p99 rose while a 10,000-row run was going). Owner
 * connection: ANALYZE needs the tables' owner, not the tenant role.
 */
export async function analyzeGrowingTables(system: Executor): Promise<void> {
  await system.execute(
    sql`analyze epaks, recipients, workflow_states, documents, document_versions, tags, epak_user_flags`,
  );
}
