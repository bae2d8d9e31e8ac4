import {
  Code,
  INDIA_STATE_CODES,
  STAMP_DENOMINATIONS,
  STAMP_PAPER_CSV_COLUMNS,
  STAMP_PAPER_CSV_MAX_ROWS,
  type StampPaperCsvFailedRow,
  StampPaperCsvRowCode,
  type StampPaperCsvUploadResult,
} from '@signet/contracts';
import { allStampPapers, existingStampIds, insertStampPaper } from '../../db/repositories/stamp-papers.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { readCsv } from '../csv/read-csv.ts';
import { csvStream, csvText } from '../csv/write-csv.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentStampPapers } from './present-stamp-paper.ts';
import { requireStampPapersOn } from './stamp-paper-access.ts';

interface CsvRow {
  row: number;
  stampId: string;
  stateCode: string;
  denomination: string;
}

const STATES = new Set<string>(INDIA_STATE_CODES);
const DENOMINATIONS = new Set<number>(STAMP_DENOMINATIONS);

/** A row's first problem, or null. */
function checkRow(r: CsvRow, seen: Set<string>): { code: number; message: string } | null {
  if (!r.stampId) return { code: StampPaperCsvRowCode.STAMP_ID_MISSING, message: 'stampId is missing' };
  if (r.stampId.length > 100)
    return { code: StampPaperCsvRowCode.STAMP_ID_MISSING, message: 'stampId is longer than 100 characters' };
  if (!STATES.has(r.stateCode.toUpperCase()))
    return {
      code: StampPaperCsvRowCode.STATE_CODE_INVALID,
      message: `stateCode ${r.stateCode || '(empty)'} is not an Indian state code`,
    };
  if (!/^\d+$/.test(r.denomination) || !DENOMINATIONS.has(Number(r.denomination)))
    return {
      code: StampPaperCsvRowCode.DENOMINATION_INVALID,
      message: `denomination must be one of ${STAMP_DENOMINATIONS.join(', ')}`,
    };
  if (seen.has(r.stampId))
    return { code: StampPaperCsvRowCode.DUPLICATE_IN_FILE, message: 'stampId appears twice in the file' };
  return null;
}

/**
 * `POST /v1/stamppapers/csv/upload` (multipart `file`): a header naming the columns stampId,
 * stateCode and denomination (any order, any case; other columns ignored), one paper a row. A
 * CSV carries no certificate: each imported paper gets a generated page stating it. Valid rows
 * are added, failed ones answered with a code and message (-1 stamp id, -2 state, -3
 * denomination, -4 twice in the file, -203 exists). -182 without rows, -174 without the
 * columns or not CSV, -143 beyond `STAMP_PAPER_CSV_MAX_ROWS`.
 */
export async function importStampPapersCsv(
  actor: Actor,
  upload: () => Promise<AsyncIterable<Uint8Array> | null>,
  deps: Deps,
): Promise<StampPaperCsvUploadResult> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, (tx) => requireStampPapersOn(tx, tenantId));
  const source = await upload();
  if (!source) throw new AppError(Code.EMPTY_FILE, 'Upload the CSV file as multipart field "file"');
  let columns: number[] | null = null;
  const rows: CsvRow[] = [];
  for await (const record of readCsv(source)) {
    if (!columns) {
      const names = record.map((c) => c.trim().toLowerCase());
      columns = STAMP_PAPER_CSV_COLUMNS.map((c) => names.indexOf(c.toLowerCase()));
      if (columns.some((i) => i < 0))
        throw new AppError(
          Code.CSV_VALIDATION,
          `The header must name the columns ${STAMP_PAPER_CSV_COLUMNS.join(', ')}`,
        );
      continue;
    }
    if (rows.length >= STAMP_PAPER_CSV_MAX_ROWS)
      throw new AppError(Code.CSV_RECORD_LIMIT, `At most ${STAMP_PAPER_CSV_MAX_ROWS} rows per file`);
    const [s, st, d] = columns.map((i) => (record[i] ?? '').trim());
    rows.push({ row: rows.length + 2, stampId: s ?? '', stateCode: st ?? '', denomination: d ?? '' });
  }
  if (rows.length === 0) throw new AppError(Code.EMPTY_FILE, 'The file has no rows');
  const now = deps.clock.now();
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const existing = await existingStampIds(tx, rows.map((r) => r.stampId).filter(Boolean));
    const failed: StampPaperCsvFailedRow[] = [];
    const seen = new Set<string>();
    let imported = 0;
    for (const r of rows) {
      const problem =
        checkRow(r, seen) ??
        (existing.has(r.stampId)
          ? { code: Code.STAMP_PAPER_EXISTS, message: `A stamp paper with stamp id ${r.stampId} exists` }
          : null);
      if (r.stampId) seen.add(r.stampId);
      if (problem) {
        failed.push({ ...r, ...problem });
        continue;
      }
      const inserted = await insertStampPaper(tx, {
        tenantId,
        stampId: r.stampId,
        stateCode: r.stateCode.toUpperCase(),
        denomination: Number(r.denomination),
        certificateBlobHash: null,
        certificateType: 'generated',
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      if (inserted) imported += 1;
      else
        failed.push({
          ...r,
          code: Code.STAMP_PAPER_EXISTS,
          message: `A stamp paper with stamp id ${r.stampId} exists`,
        });
    }
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'stampPaper.csvImported',
        details: { rows: rows.length, imported, failed: failed.length },
        ip: actor.ip,
      },
      now,
    );
    return { imported, failed };
  });
}

const FAILED_HEADER = [...STAMP_PAPER_CSV_COLUMNS, 'code', 'message'];

/** `POST /v1/stamppapers/csv/export`: the failed rows of an import as CSV, to fix and upload again. */
export function failedStampPapersCsv(actor: Actor, rows: readonly StampPaperCsvFailedRow[]): string {
  authorizeInTenant(actor, 'stampPapers.manage');
  return csvText([
    FAILED_HEADER,
    ...rows.map((r) => [r.stampId, r.stateCode, r.denomination, String(r.code), r.message]),
  ]);
}

const INVENTORY_HEADER = [
  ...STAMP_PAPER_CSV_COLUMNS,
  'status',
  'assignedUsers',
  'assignedGroups',
  'ePakId',
  'consumedOn',
  'createdOn',
];
const EXPORT_PAGE = 500;

/** `GET /v1/stamppapers/csv/export`: the inventory (filtered) as CSV, written as it is read. */
export async function exportStampPapersCsv(
  actor: Actor,
  filter: { stateCode?: string | undefined; denomination?: number | undefined; status?: string | undefined },
  deps: Deps,
): Promise<NodeJS.ReadableStream> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  const papers = await deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const rows = await allStampPapers(tx, filter);
    const presented = [];
    for (let i = 0; i < rows.length; i += EXPORT_PAGE)
      presented.push(...(await presentStampPapers(tx, rows.slice(i, i + EXPORT_PAGE))));
    return presented;
  });
  return csvStream(
    (async function* () {
      yield INVENTORY_HEADER;
      for (const p of papers)
        yield [
          p.stampId,
          p.stateCode,
          String(p.denomination),
          p.status,
          p.assignedUsers.map((u) => u.email).join('; '),
          p.assignedGroups.map((g) => g.groupName).join('; '),
          p.usedIn?.ePakId ?? '',
          p.consumedOn ?? '',
          p.createdOn,
        ];
    })(),
  );
}
