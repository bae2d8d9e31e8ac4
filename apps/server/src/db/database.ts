import { sql } from 'drizzle-orm';
import type { Executor } from './executor.ts';
import { prepareSql, runPrepared } from './prepared-sql.ts';

export type { Executor, Schema } from './executor.ts';

/** Plain SQL access for libraries that bring their own queries (pg-boss, LISTEN/NOTIFY). */
export interface RawSql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(text: string): Promise<void>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The owner connection. It bypasses row-level security, so only the system repositories
   * (sign-in, tenant administration, cross-tenant jobs) use it; everything a tenant's user does
   * goes through `withTenant`.
   */
  readonly system: Executor;
  /** Runs `fn` in a transaction that sees only `tenantId`'s rows, as the non-owner role. */
  withTenant<T>(tenantId: string, fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Runs `fn` in an owner transaction, for system changes that span several global rows. */
  systemTx<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  readonly raw: RawSql;
  /**
   * Calls `onPayload` for every NOTIFY on `channel`, from any process using this database, until
   * the returned function is called.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connection pool's counters (PostgreSQL); absent on PGlite, which is one connection. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** Connections of the pool: checked out by a query, open and idle, and callers waiting for one. */
export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
}

/** The role every tenant transaction switches to; it owns nothing, so RLS always applies. */
export const APP_ROLE = 'signet_app';

const TENANT_CONTEXT = prepareSql(
  sql`select set_config('app.tenant_id', ${sql.placeholder('tenantId')}, true), set_config('role', ${APP_ROLE}, true)`,
);

export function tenantTransaction<T>(
  db: Executor,
  tenantId: string,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Both settings are LOCAL (`true`): they end with the transaction, so a pooled connection
    // never carries one tenant's context into another request. `role` is SET LOCAL ROLE, in the
    // same round trip as the tenant.
    await runPrepared(tx, TENANT_CONTEXT, { tenantId });
    return fn(tx);
  });
}
