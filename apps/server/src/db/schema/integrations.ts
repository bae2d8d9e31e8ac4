import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';

/**
 * OAuth clients an admin registers for the tenant's integrations (issue 7). The client id is of
 * the admin's choosing and unique across tenants, because the token endpoint is told nothing
 * else; the secret is kept as a SHA-256 digest.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    redirectUris: text('redirect_uris').array().notNull().default([]),
    grants: text('grants').array().notNull().default([]),
    /** Called when an ePak created through this client completes, is rejected or expires. */
    callbackUrl: text('callback_url'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('oauth_clients_client_id').on(t.clientId)],
);

/**
 * Authorization codes: single-use, short-lived, stored as digests. Read and consumed by the token
 * endpoint before any tenant is known, so this is a system table like the sessions.
 */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
});

/** One callback an ePak event owes an integration, retried by a job until it answers 2xx. */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    url: text('url').notNull(),
    event: text('event').notNull(),
    epakStatus: text('epak_status').notNull(),
    /** Pending until delivered; Failed when given up (its ePak purged, or its URL withdrawn). */
    status: text('status').notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    deliveredAt: tstz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('callback_deliveries_due').on(t.status, t.nextAttemptAt),
  ],
);

/** Every attempt at a callback, for the tenant admin to see. */
export const callbackAttempts = pgTable(
  'callback_attempts',
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
    index('callback_attempts_delivery').on(t.tenantId, t.deliveryId),
  ],
);
