import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';

export type OutboxStatus = 'pending' | 'sent' | 'kept' | 'failed';

/**
 * Mail is written here in the transaction that causes it, then delivered. Without SMTP the
 * messages stay here (`kept`) so a local installation still shows what would have been sent,
 * less its secrets. Subject and bodies hold placeholders for the secrets (links with tokens,
 * codes); `secrets_sealed` holds them sealed under the master key until delivery or give-up.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id'),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  secretsSealed: text('secrets_sealed'),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').$type<OutboxStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: tstz('sent_at'),
});
