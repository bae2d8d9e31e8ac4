import { z } from 'zod';
import { SigningPolicy } from '../constants.ts';
import { EpakStatus } from './epaks.ts';

/**
 * `/reports` (issue 15, spec §3 reports, §7 Other: Reports): a catalogue of reports, each with
 * the filters it takes; a run answers a table (and what the chart plots), an export a file.
 */

export const ReportId = [
  'epakVolumes',
  'turnaround',
  'signaturesBySigner',
  'signaturesByPolicy',
  'pendingAge',
  'rejections',
  'userActivity',
  'auditExtract',
  'retentionList',
  'stampPaperConsumption',
] as const;
export type ReportId = (typeof ReportId)[number];

/** The filters a report may take (spec: date range, users, groups, status, policy, template). */
export const ReportFilterName = [
  'dateRange',
  'period',
  'users',
  'groups',
  'status',
  'policy',
  'template',
  'quarter',
  'tenant',
] as const;
export type ReportFilterName = (typeof ReportFilterName)[number];

export const ReportPeriod = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof ReportPeriod)[number];

export const ReportFormat = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof ReportFormat)[number];

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** Every filter any report takes; each report accepts only its own (`ReportDefinition.filters`). */
export const ReportFiltersSchema = z.object({
  /** First day counted (UTC), inclusive. */
  from: Day.optional(),
  /** Last day counted (UTC), inclusive. */
  to: Day.optional(),
  period: z.enum(ReportPeriod).optional(),
  userIds: z.array(z.uuid()).max(100).optional(),
  groupIds: z.array(z.uuid()).max(20).optional(),
  status: z.array(z.enum(EpakStatus)).max(EpakStatus.length).optional(),
  policy: z.array(z.enum(SigningPolicy)).max(SigningPolicy.length).optional(),
  templateId: z.uuid().optional(),
  /** A calendar quarter, `2026-Q4` (the retention list). */
  quarter: z
    .string()
    .regex(/^\d{4}-Q[1-4]$/, 'A quarter as YYYY-Qn')
    .optional(),
  /** Super admin only: one tenant instead of the whole platform. */
  tenantId: z.uuid().optional(),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

export const ReportSummarySchema = z.object({
  reportId: z.enum(ReportId),
  filters: z.array(z.enum(ReportFilterName)),
  /** False: listed but not runnable yet (-29 when run), with the reason in `unavailableReason`. */
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  /** Only admins (and the super admin) may run it (-149 for others). */
  adminOnly: z.boolean(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const ReportIdParamsSchema = z.object({ reportId: z.string().max(64) });

export const ReportColumnType = ['text', 'number', 'date', 'hours'] as const;
export const ReportColumnSchema = z.object({ key: z.string(), type: z.enum(ReportColumnType) });
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

/** `POST /v1/report`: run a report (format json) or export it (csv, xlsx, pdf). */
export const ReportRunRequestSchema = z.object({
  reportId: z.string().max(64),
  filters: z.record(z.string(), z.unknown()).default({}),
  format: z.enum(ReportFormat).default('json'),
});
export type ReportRunRequest = z.input<typeof ReportRunRequestSchema>;

export const ReportResultSchema = z.object({
  reportId: z.enum(ReportId),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.array(ReportCellSchema)),
  /** Rows the report has; the run shows at most REPORT_SCREEN_ROWS of them (export for all). */
  total: z.number().int(),
  truncated: z.boolean(),
  /** What the chart plots: the label column and the value columns. */
  chart: z.object({ label: z.string(), values: z.array(z.string()) }).nullable(),
  platformWide: z.boolean(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

/** Rows a run answers on screen; exports carry every row up to REPORT_EXPORT_MAX_ROWS. */
export const REPORT_SCREEN_ROWS = 500;
/** Rows an export may hold (-143 beyond). */
export const REPORT_EXPORT_MAX_ROWS = 1_000_000;
