import { z } from 'zod';
import { StepType } from '../statuses.ts';
import { IdSchema } from './envelope.ts';

/** Rows one bulk compose file may hold (-143 beyond). */
export const BULK_COMPOSE_MAX_ROWS = 10_000;

/**
 * Columns the server ignores when a file comes back: the failed-rows CSV adds them after the
 * template's columns, so it can be fixed and uploaded again as it is.
 */
export const BULK_COMPOSE_RESULT_COLUMNS = ['code', 'message'] as const;

/** The details each recipient to fill has in the CSV, in column order (`signer<n>.<detail>`). */
export const BULK_COMPOSE_SIGNER_DETAILS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'countryCode',
] as const;
export type BulkComposeSignerDetail = (typeof BULK_COMPOSE_SIGNER_DETAILS)[number];

/**
 * What a document template asks of each CSV row: one person per role its workflow names (the
 * same role in two steps is the same person), and one value per field the custodian fills.
 */
export const BulkComposeLayoutSchema = z.object({
  docTemplateId: z.string(),
  templateName: z.string(),
  /** Each role with the steps it acts in (1-based order and type), for showing. */
  roles: z.array(
    z.object({
      name: z.string(),
      steps: z.array(z.object({ order: z.number().int(), type: z.enum(StepType) })),
    }),
  ),
  fields: z.array(z.object({ name: z.string(), type: z.string(), options: z.array(z.string()).optional() })),
  /** The header: `subject`, `<role>.<detail>` per role and detail, `field.<name>` per field. */
  columns: z.array(z.string()),
});
export type BulkComposeLayout = z.infer<typeof BulkComposeLayoutSchema>;

export const BulkComposeRunStatus = ['queued', 'running', 'completed', 'cancelled'] as const;
export type BulkComposeRunStatus = (typeof BulkComposeRunStatus)[number];

/** One row that failed: its line in the file, the spec §8 code (row codes -1 … -5 or a response code) and why. */
export const BulkComposeFailureSchema = z.object({
  row: z.number().int(),
  code: z.number().int(),
  message: z.string(),
});

/** A bulk compose run: its rows' counts as they are sent (the progress the web app shows). */
export const BulkComposeRunSchema = z.object({
  runId: z.string(),
  docTemplateId: z.string(),
  templateName: z.string(),
  fileName: z.string(),
  status: z.enum(BulkComposeRunStatus),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Rows in the file. */
  total: z.number().int(),
  /** Rows sent as ePaks, rows that failed (at upload or when sent), rows cancelled before being sent. */
  sent: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  /** Seconds left at the pace so far; null before the pace is known or once the run ended. */
  secondsLeft: z.number().nullable(),
  /** The first failures (at most 20; the failed-rows CSV has them all). */
  failures: z.array(BulkComposeFailureSchema),
});
export type BulkComposeRun = z.infer<typeof BulkComposeRunSchema>;

export const BulkComposeRunsSchema = z.object({ runs: z.array(BulkComposeRunSchema) });

export const BulkComposeTemplatePathSchema = z.object({ docTemplateId: IdSchema });
export const BulkComposeRunPathSchema = z.object({ runId: IdSchema });

/**
 * What the notification socket sends to the run's owner as rows are sent (at most twice a
 * second) and when it ends: the client reads the run again.
 */
export const BulkComposeProgressMessageSchema = z.object({
  type: z.literal('bulkCompose'),
  runId: z.string(),
});
