import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { authSessions } from './auth.ts';
import { createdAt, tenantId, tstz } from './columns.ts';
import { users } from './users.ts';

/** One claim value and the Signet role it gives. */
export interface SsoRoleMappingRow {
  value: string;
  role: string;
}

/**
 * A tenant's OpenID Connect provider (issue 12): one per tenant, next to passwords. The client
 * secret is sealed with the master key (bound to the tenant) and never answered.
 */
export const ssoProviders = pgTable('sso_providers', {
  tenantId: tenantId().primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** Shown on the login button: "Sign in with <displayName>". */
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** base64 of the vault's sealed form; null for a public client (PKCE only). */
  clientSecretSealed: text('client_secret_sealed'),
  scopes: text('scopes').notNull().default('openid email profile'),
  /** The ID token / userinfo claim holding roles or groups; null: roles are not mapped. */
  roleClaim: text('role_claim'),
  roleMapping: jsonb('role_mapping').$type<SsoRoleMappingRow[]>().notNull().default([]),
  defaultRole: text('default_role').notNull().default('signer'),
  /** Whether people unknown to Signet become members at their first sign-in. */
  justInTime: boolean('just_in_time').notNull().default(false),
  /** Lower-case domains whose addresses may sign in; empty: any. */
  allowedDomains: text('allowed_domains').array().notNull().default([]),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * A sign-in on its way through the provider: state (stored as a digest), nonce and PKCE verifier
 * (sealed), bound to the browser that started it by a cookie's digest. Used once, 10 minutes.
 * Read before any session exists, by the state alone, so it stays with the owner like oauth_codes.
 */
export const ssoLoginStates = pgTable('sso_login_states', {
  stateHash: text('state_hash').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  browserHash: text('browser_hash').notNull(),
  /** base64 of the sealed JSON {nonce, codeVerifier}. */
  secretsSealed: text('secrets_sealed').notNull(),
  /** The app page to open after sign-in (already checked to be a local path). */
  next: text('next'),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
});

/**
 * Sessions opened through a tenant's provider. That provider speaks for its tenant only, so such a
 * session works in that tenant alone (resolve-actor refuses another `tenant_id`).
 */
export const ssoSessions = pgTable('sso_sessions', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
});

/**
 * Which Signet account a provider's account is, per tenant (issue 30): (tenant, issuer, subject)
 * → user. The tenant's provider signs in only the account bound here. A binding is made when the
 * provider creates the account or admits someone with nothing else (no password, no other
 * tenant), or after the account's owner confirms once with their password; an email address
 * alone never binds.
 */
export const ssoBindings = pgTable(
  'sso_bindings',
  {
    tenantId: tenantId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `created`, `admitted` or `password`: how the binding was made. */
    how: text('how').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.issuer, t.subject] }),
    index('sso_bindings_user').on(t.userId),
  ],
);

/**
 * A sign-in the provider vouched for that waits for the account's password (issue 30): found by
 * its token's digest before any session exists, so it stays with the owner like sso_login_states.
 * The person's claims are sealed. Used once, 10 minutes.
 */
export const ssoPendingLinks = pgTable('sso_pending_links', {
  tokenHash: text('token_hash').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  /** base64 of the sealed JSON of the verified person (issuer, subject, email, names, claims). */
  personSealed: text('person_sealed').notNull(),
  next: text('next'),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
});
