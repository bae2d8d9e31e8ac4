import { BULK_COMPOSE_MAX_ROWS, type BulkComposeRun, Code } from '@signet/contracts';
import {
  failedBulkRows,
  insertBulkRows,
  insertBulkRun,
  notifyBulkQueued,
} from '../../db/repositories/bulk-compose.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { DEFAULT_LANGUAGE } from '../auth/language.ts';
import { readCsv } from '../csv/read-csv.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { bulkStampPaper } from '../stamp-papers/bulk-stamp-paper.ts';
import { checkHeader, checkRow, type HeaderMap, inLayoutOrder } from './layout.ts';
import { FAILURES_LISTED, presentRun } from './present-run.ts';
import { templateLayout } from './template-layout.ts';

const INSERT_BATCH = 500;

interface CheckedRow {
  rowNumber: number;
  cells: string[];
  code: number | null;
  message: string | null;
}

/**
 * `POST /v2/bulkcompose/template/{docTemplateId}`: reads an uploaded CSV as it streams in,
 * checks its header (-107, -175, -174; -182 without rows, -143 beyond 10,000) and each row
 * (row codes), and queues the run: valid rows wait for the `signet-bulk-compose` job, failed
 * ones are kept with their code for the failed-rows file. Nothing is stored when the file is
 * refused.
 */
export async function startBulkCompose(
  actor: Actor,
  docTemplateId: string,
  upload: () => Promise<{
    fileName: string;
    source: AsyncIterable<Uint8Array>;
    fields?: Record<string, string>;
  } | null>,
  deps: Deps,
): Promise<BulkComposeRun> {
  authorizeInTenant(actor, 'epaks.bulkCompose');
  const tenantId = actor.tenantId;
  const layout = await deps.db.withTenant(tenantId, (tx) => templateLayout(tx, actor, docTemplateId));
  const file = await upload();
  if (!file) throw new AppError(Code.EMPTY_FILE, 'Upload the CSV file as multipart field "file"');
  const stampPaper = await bulkStampPaper(actor, file.fields ?? {}, deps);
  // The parsed rows are held once (never the file's bytes as well), so the database transaction
  // below is short and does not wait on a slow upload.
  let header: HeaderMap | null = null;
  const rows: CheckedRow[] = [];
  for await (const record of readCsv(file.source)) {
    if (!header) {
      header = checkHeader(layout, record);
      continue;
    }
    if (rows.length >= BULK_COMPOSE_MAX_ROWS)
      throw new AppError(Code.CSV_RECORD_LIMIT, `At most ${BULK_COMPOSE_MAX_ROWS} rows per file`);
    const check = checkRow(layout, header, record);
    rows.push({
      rowNumber: rows.length + 2,
      cells: inLayoutOrder(layout, header, record),
      code: check.ok ? null : check.code,
      message: check.ok ? null : check.message,
    });
  }
  if (!header || rows.length === 0) throw new AppError(Code.EMPTY_FILE, 'The file has no rows to compose');
  const now = deps.clock.now();
  const failedAtUpload = rows.filter((r) => r.code !== null).length;
  return deps.db.withTenant(tenantId, async (tx) => {
    const run = await insertBulkRun(tx, {
      tenantId,
      ownerId: actor.userId,
      documentTemplateId: docTemplateId,
      templateName: layout.templateName,
      fileName: file.fileName.slice(0, 255),
      layout,
      // The rows are sent later, off this request: their mails need the uploader's language then.
      language: actor.language ?? DEFAULT_LANGUAGE,
      stampPaper,
      status: failedAtUpload === rows.length ? 'completed' : 'queued',
      total: rows.length,
      failed: failedAtUpload,
      createdAt: now,
      finishedAt: failedAtUpload === rows.length ? now : null,
    });
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await insertBulkRows(
        tx,
        rows.slice(i, i + INSERT_BATCH).map((r) => ({
          tenantId,
          runId: run.id,
          rowNumber: r.rowNumber,
          cells: r.cells,
          state: r.code === null ? ('pending' as const) : ('failed' as const),
          code: r.code,
          message: r.message,
        })),
      );
    }
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'bulkCompose.started',
        details: {
          runId: run.id,
          documentTemplateId: docTemplateId,
          rows: rows.length,
          failed: failedAtUpload,
        },
        ip: actor.ip,
      },
      now,
    );
    if (run.status === 'queued') await notifyBulkQueued(tx, run.id);
    return presentRun(run, await failedBulkRows(tx, run.id, 0, FAILURES_LISTED), now);
  });
}
