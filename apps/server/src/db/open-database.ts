import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type Executor, tenantTransaction } from './database.ts';
import * as schema from './schema/index.ts';

/** The checked-in migrations; `meta/_journal.json` lists them (readiness reads the newest). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK = 7_246_381;

export type DatabaseTarget =
  /** `snapshot`: an in-memory database starts from this dump of a migrated one (the test suites' copy). */
  | { kind: 'pglite'; dataDir: string | null; snapshot?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database and applies the checked-in migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite'
    ? openPglite(target.dataDir, target.snapshot)
    : openPostgres(target.url, target.poolSize ?? 10);
}

async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // From a snapshot PGlite skips creating its cluster, half of its start; the migrations below
  // then find themselves applied (unless the snapshot is older than them).
  const client = dataDir ? new PGlite(dataDir) : new PGlite(snapshot ? { loadDataDir: snapshot } : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Executor;
  await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder });
  return {
    kind: 'pglite',
    system: db,
    withTenant: (tenantId, fn) => tenantTransaction(db, tenantId, fn),
    systemTx: (fn) => db.transaction(fn),
    raw: {
      query: async <R>(text: string, params?: unknown[]) => {
        const result = await client.query<R>(text, params);
        return { rows: result.rows };
      },
      exec: async (text: string) => {
        await client.exec(text);
      },
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server closes (a restart, a dropped database) is discarded by
  // the pool and replaced on next use; without a listener its error would end the process.
  pool.on('error', () => undefined);
  // pg-pool listens to a connection's errors only while it is idle: one checked out for a
  // transaction, ended by the server between two queries (a PostgreSQL restart), would emit an
  // unhandled 'error' and end the process. Its next query fails instead (the transaction rolls
  // back), and the pool drops it on release as no longer queryable.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Executor;
  return {
    kind: 'postgres',
    system: db,
    withTenant: (tenantId, fn) => tenantTransaction(db, tenantId, fn),
    systemTx: (fn) => db.transaction(fn),
    raw: {
      query: async <R>(text: string, params?: unknown[]) => {
        const result = await pool.query(text, params);
        return { rows: result.rows as R[] };
      },
      exec: async (text: string) => {
        await pool.query(text);
      },
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own, kept open; when it drops it is opened again (after a
 * pause), so a restarted PostgreSQL does not silence the notifications for good.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const reconnect = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect().catch(reconnect), 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => {
      // 'end' follows and reconnects.
    });
    c.on('end', reconnect);
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
