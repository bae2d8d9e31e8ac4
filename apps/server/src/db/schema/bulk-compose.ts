import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';

export type BulkComposeRunStatusDb = 'queued' | 'running' | 'completed' | 'cancelled';

/**
 * One uploaded bulk compose file: the template it composes from, the layout its rows were read
 * with (kept, so editing the template mid-run changes nothing), and the counts the progress shows.
 */
export const bulkComposeRuns = pgTable(
  'bulk_compose_runs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    documentTemplateId: uuid('document_template_id').notNull(),
    templateName: text('template_name').notNull(),
    fileName: text('file_name').notNull(),
    /** The BulkComposeLayout the rows were checked against. */
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
    /** The uploader's request language: the row's mails use it for people without a profile language. */
    language: text('language').notNull().default('en'),
    /** A stamp paper of this state and denomination prepended to every row's document (stamp papers), or null. */
    stampPaper: jsonb('stamp_paper').$type<{ stateCode: string; denomination: number }>(),
    status: text('status').$type<BulkComposeRunStatusDb>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    /** Written as rows are sent; a running run whose heartbeat stopped (the process died) is taken up again. */
    heartbeatAt: tstz('heartbeat_at'),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bulk_compose_runs_due').on(t.status, t.createdAt).where(sql`status in ('queued', 'running')`),
    index('bulk_compose_runs_owner').on(t.tenantId, t.ownerId, t.createdAt),
  ],
);

export type BulkComposeRowState = 'pending' | 'sent' | 'failed' | 'cancelled';

/**
 * One CSV row and what became of it. A row is marked `sent` in the transaction that creates and
 * sends its ePak, so a row is sent once whatever stops the process, and a cancel (which turns
 * `pending` rows into `cancelled`) waits for a row being sent and then leaves it alone.
 */
export const bulkComposeRows = pgTable(
  'bulk_compose_rows',
  {
    tenantId: tenantId(),
    runId: uuid('run_id').notNull(),
    /** The row's line in the file (the header is line 1). */
    rowNumber: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    state: text('state').$type<BulkComposeRowState>().notNull().default('pending'),
    code: integer('code'),
    message: text('message'),
    epakId: uuid('epak_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.runId, t.rowNumber] }),
    foreignKey({
      columns: [t.tenantId, t.runId],
      foreignColumns: [bulkComposeRuns.tenantId, bulkComposeRuns.id],
    }).onDelete('cascade'),
    index('bulk_compose_rows_pending').on(t.tenantId, t.runId, t.rowNumber).where(sql`state = 'pending'`),
  ],
);
