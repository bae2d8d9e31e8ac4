import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { bytea } from './templates.ts';
import { userTenants } from './users.ts';

/**
 * A tenant's LDAP directory connection (user sync-up, issue 12). The settings other than the bind
 * password are one JSON document validated by the contracts' `DirectoryConfigSchema`, so a new
 * mapping option needs no migration; the password is sealed with the master key (bound to the
 * tenant) and never answered.
 */
export const directorySettings = pgTable(
  'directory_settings',
  {
    tenantId: tenantId(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    bindPasswordSealed: bytea('bind_password_sealed'),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

export type DirectoryRunStatus = 'queued' | 'running' | 'completed' | 'failed';

/**
 * One sync-up: queued by `POST /v2/startUserSyncUp`, worked by the `signet-directory-sync` job,
 * which keeps its counts (the progress bar) and, at the end, its summary. At most one queued or
 * running run per tenant (the partial unique index is the lock).
 */
export const directoryRuns = pgTable(
  'directory_runs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').$type<DirectoryRunStatus>().notNull().default('queued'),
    startedBy: uuid('started_by').notNull(),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    /** Written with each step of the work; a run whose heartbeat stopped (a crashed process) is taken up again. */
    heartbeatAt: tstz('heartbeat_at'),
    finishedAt: tstz('finished_at'),
    /** Directory entries to go through (known once the search answered), and those gone through. */
    total: integer('total'),
    seen: integer('seen').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    disabled: integer('disabled').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('directory_runs_one_active').on(t.tenantId).where(sql`status in ('queued', 'running')`),
    index('directory_runs_due').on(t.status, t.createdAt),
  ],
);

/**
 * Members the directory brought in. Only these are disabled when they vanish from the directory
 * and removed from mapped groups when they leave the LDAP group; people added by hand are never
 * touched. `accountCreated`: the sync made the person's account, so their names follow the
 * directory (someone who had an account elsewhere keeps the names they gave themselves).
 */
export const directoryMembers = pgTable(
  'directory_members',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    dn: text('dn').notNull(),
    accountCreated: boolean('account_created').notNull().default(false),
    /** Set when the sync disabled the member; it enables them again if they come back. */
    disabledBySync: boolean('disabled_by_sync').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [userTenants.tenantId, userTenants.userId],
    }),
  ],
);
