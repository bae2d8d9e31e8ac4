import { bigint, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantId, tstz } from './columns.ts';

/**
 * Append-only activity log, hash-chained per tenant: `hash` covers the entry and `prev_hash`,
 * so an edited or deleted entry breaks the chain. The app role may only SELECT and INSERT.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    tenantId: tenantId(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: tstz('created_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.seq] })],
);

/** The chain's head per tenant; its row lock serialises appends within a tenant. */
export const activityHeads = pgTable('activity_heads', {
  tenantId: tenantId().primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});
