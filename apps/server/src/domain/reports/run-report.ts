import {
  Code,
  REPORT_EXPORT_MAX_ROWS,
  REPORT_SCREEN_ROWS,
  type ReportCell,
  type ReportColumn,
  type ReportFormat,
  type ReportResult,
  ReportRunRequestSchema,
  type ReportSummary,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { countReportRows, firstReportRows, streamReportRows } from '../../db/repositories/report-cursor.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorize, can } from '../policy.ts';
import { findReport, REPORTS } from './catalogue.ts';
import type { ReportDefinition, ReportScope } from './report-definition.ts';

function summary(r: ReportDefinition): ReportSummary {
  return {
    reportId: r.id,
    filters: [...r.filters],
    available: !r.unavailable,
    unavailableReason: r.unavailable ?? null,
    adminOnly: r.adminOnly ?? false,
  };
}

/** `GET /v1/report`: the catalogue, with each report's filters (the super admin may also pick a tenant). */
export function listReports(actor: Actor): ReportSummary[] {
  authorize(actor, 'reports.run');
  return REPORTS.filter((r) => !r.adminOnly || can(actor, 'reports.all')).map((r) => {
    const s = summary(r);
    return actor.role === 'super_admin' ? { ...s, filters: [...s.filters, 'tenant'] } : s;
  });
}

/** `GET /v1/report/{reportId}`: one report's input filters (-30 when there is no such report). */
export function reportFilters(actor: Actor, reportId: string): ReportSummary {
  authorize(actor, 'reports.run');
  const report = findReport(reportId);
  if (!report) throw new AppError(Code.REPORT_TEMPLATE_MISSING);
  const s = summary(report);
  return actor.role === 'super_admin' ? { ...s, filters: [...s.filters, 'tenant'] } : s;
}

/** A report request checked against the caller and the report: what to run, and where. */
export interface PreparedReport {
  report: ReportDefinition;
  filters: Record<string, unknown>;
  scope: ReportScope;
  format: ReportFormat;
  /** The tenant whose rows it reads (row-level security), or null for the whole platform (super admin). */
  tenantId: string | null;
}

/**
 * Checks a `POST /v1/report` body: -6 malformed, -30 unknown report, -29 not available yet,
 * -149 admin-only report, -31 filters the report does not take or that contradict each other,
 * -11 the users or groups filters from someone who sees only their own ePaks.
 */
export function prepareReport(actor: Actor, body: unknown, deps: Deps): PreparedReport {
  authorize(actor, 'reports.run');
  const parsed = ReportRunRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError(Code.INVALID_INPUT, parsed.error.issues[0]?.message);
  const { reportId, format } = parsed.data;
  const report = findReport(reportId);
  if (!report) throw new AppError(Code.REPORT_TEMPLATE_MISSING);
  if (report.unavailable) throw new AppError(Code.REPORT_TEMPLATE_ERROR, report.unavailable);
  const all = can(actor, 'reports.all');
  if (report.adminOnly && !all) throw new AppError(Code.RETENTION_REPORT_NEEDS_ADMIN);
  const { tenantId: pickedTenant, ...raw } = parsed.data.filters as Record<string, unknown>;
  if (pickedTenant !== undefined && actor.role !== 'super_admin')
    throw new AppError(Code.INVALID_REPORT, 'Only the super admin picks a tenant');
  const filters = report.schema.safeParse(raw);
  if (!filters.success)
    throw new AppError(
      Code.INVALID_REPORT,
      filters.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const f = filters.data;
  if (f.from && f.to && f.from > f.to)
    throw new AppError(Code.INVALID_REPORT, 'The range ends before it starts');
  if (!all && (f.userIds?.length || f.groupIds?.length))
    throw new AppError(Code.NOT_AUTHORIZED, 'Only admins report on other people');
  const scope: ReportScope = { ownUserId: all ? null : actor.userId, now: deps.clock.now() };
  report.check?.(f, scope);
  let tenantId: string | null = actor.tenantId;
  if (actor.role === 'super_admin') {
    if (
      pickedTenant !== undefined &&
      (typeof pickedTenant !== 'string' || !/^[0-9a-f-]{36}$/i.test(pickedTenant))
    )
      throw new AppError(Code.INVALID_REPORT, 'tenantId: not a tenant id');
    tenantId = (pickedTenant as string | undefined) ?? null;
  } else if (tenantId === null)
    throw new AppError(Code.NOT_AUTHORIZED, 'This needs a tenant (send tenant_id)');
  return { report, filters: f, scope, format, tenantId };
}

/** Runs `fn` under the tenant's row-level security, or across every tenant for the super admin. */
function readScope<T>(p: PreparedReport, deps: Deps, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return p.tenantId ? deps.db.withTenant(p.tenantId, fn) : deps.db.systemTx(fn);
}

function cells(columns: readonly ReportColumn[], row: Record<string, unknown>): ReportCell[] {
  return columns.map(({ key }) => {
    const v = row[key];
    if (v === null || v === undefined) return null;
    return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : String(v);
  });
}

/** The on-screen run: the first REPORT_SCREEN_ROWS rows and how many there are. */
export async function runReport(p: PreparedReport, deps: Deps): Promise<ReportResult> {
  const query = p.report.query(p.filters, p.scope);
  return readScope(p, deps, async (tx) => {
    const rows = await firstReportRows(tx, query, REPORT_SCREEN_ROWS + 1);
    const total = rows.length > REPORT_SCREEN_ROWS ? await countReportRows(tx, query) : rows.length;
    return {
      reportId: p.report.id,
      columns: [...p.report.columns],
      rows: rows.slice(0, REPORT_SCREEN_ROWS).map((r) => cells(p.report.columns, r)),
      total,
      truncated: total > REPORT_SCREEN_ROWS,
      chart: p.report.chart,
      platformWide: p.tenantId === null,
    };
  });
}

/** Where an export writes: told the columns and row count once (before any byte), then batches. */
export interface ReportSink {
  start(report: ReportDefinition, total: number): Promise<void>;
  rows(batch: ReportCell[][]): Promise<void>;
  end(): Promise<void>;
}

/** Rows fetched per cursor batch. */
const EXPORT_BATCH = 2_000;

/**
 * An export: counts the rows first (-143 over `maxRows`), then reads them through a cursor and
 * hands them to the sink batch by batch, in one transaction, so memory stays flat.
 */
export async function exportReport(
  p: PreparedReport,
  deps: Deps,
  sink: ReportSink,
  maxRows = REPORT_EXPORT_MAX_ROWS,
): Promise<void> {
  const query = p.report.query(p.filters, p.scope);
  await readScope(p, deps, async (tx) => {
    const total = await countReportRows(tx, query);
    if (total > maxRows) throw new AppError(Code.CSV_RECORD_LIMIT, `At most ${maxRows} rows per export`);
    await sink.start(p.report, total);
    await streamReportRows(tx, query, EXPORT_BATCH, (batch) =>
      sink.rows(batch.map((r) => cells(p.report.columns, r))),
    );
  });
  await sink.end();
}
