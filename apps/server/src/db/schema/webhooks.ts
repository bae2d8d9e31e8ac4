import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';

/**
 * A tenant's webhook subscriptions (issue 12): a URL told about the ePak events it chose. The
 * signing secret is sealed with the master key (bound to the subscription's id), because every
 * call needs it in the clear to compute the HMAC; the admin sees it once.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * One event owed to one subscription. The body is stored as sent (no document content), so a
 * resend carries the same bytes and the same event id; only the signature's timestamp changes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** The event's id, the same for every subscription told about it (receivers' idempotency). */
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    epakId: uuid('epak_id'),
    body: text('body').notNull(),
    /** Pending until delivered; Failed when given up. */
    status: text('status').notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    deliveredAt: tstz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_deliveries_due').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_subscription').on(t.tenantId, t.subscriptionId, t.createdAt),
  ],
);

/** Every attempt at a webhook delivery, for the admin's delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptedAt: tstz('attempted_at').notNull(),
    /** The HTTP status answered, or null when there was no answer. */
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_attempts_delivery').on(t.tenantId, t.deliveryId),
  ],
);
