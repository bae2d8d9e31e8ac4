import type { BulkComposeRun } from '@signet/contracts';
import type { BulkComposeRowRow, BulkComposeRunRow } from '../../db/repositories/bulk-compose.ts';

/** Failures a run's answer lists; the failed-rows file has them all. */
export const FAILURES_LISTED = 20;

/**
 * A run as the client sees it. Time left is the pending rows at the pace of the rows sent so
 * far: known once some were sent, while the run goes.
 */
export function presentRun(
  run: BulkComposeRunRow,
  failures: readonly BulkComposeRowRow[],
  now: Date,
): BulkComposeRun {
  const pending = run.total - run.sent - run.failed - run.cancelled;
  const elapsed = run.startedAt ? (now.getTime() - run.startedAt.getTime()) / 1000 : 0;
  const going = run.status === 'running' || run.status === 'queued';
  return {
    runId: run.id,
    docTemplateId: run.documentTemplateId,
    templateName: run.templateName,
    fileName: run.fileName,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    total: run.total,
    sent: run.sent,
    failed: run.failed,
    cancelled: run.cancelled,
    secondsLeft: going && run.sent > 0 && elapsed > 0 ? Math.ceil((pending * elapsed) / run.sent) : null,
    failures: failures.slice(0, FAILURES_LISTED).map((f) => ({
      row: f.rowNumber,
      code: f.code ?? 0,
      message: f.message ?? '',
    })),
  };
}
