import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { users } from './users.ts';

/** A sign-in: the family of refresh tokens that descend from it. Revoking it ends them all. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tenantId: uuid('tenant_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokeReason: text('revoke_reason'),
    /** A session opened from an easy-sign link reaches only this ePak. */
    scopeEpakId: uuid('scope_epak_id'),
    /** The tenant OAuth client the session was granted to; ePaks it creates take its callback. */
    oauthClientId: text('oauth_client_id'),
  },
  (t) => [index('auth_sessions_user').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** One-time codes sent by email (two-factor sign-in and confirmations), stored hashed. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** For sign-in codes: the tenant chosen and where the sign-in came from. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
  },
  (t) => [index('one_time_codes_user').on(t.userId, t.purpose)],
);

/** Links sent by email to set a password: password resets and invitations. Stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'reset' | 'invite'>().notNull(),
    tenantId: uuid('tenant_id'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_tokens_user').on(t.userId, t.kind)],
);
