import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../database.ts';
import { migrationsFolder } from '../open-database.ts';

/**
 * What operators watch (readiness and metrics), across tenants on the owner connection: nothing
 * here reads a tenant's content, only counts.
 */

/** One round trip to the database. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.raw.query('select 1');
}

/** The newest migration of the checked-in journal: its tag and the time Drizzle records for it. */
export function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.reduce<{ tag: string; when: number } | null>(
    (a, e) => (a === null || e.when > a.when ? { tag: e.tag, when: e.when } : a),
    null,
  );
  if (!newest) throw new Error('the migration journal lists no migration');
  return newest;
}

/**
 * The newest migration this database has applied, as Drizzle records it
 * (`drizzle.__drizzle_migrations.created_at` is the journal's `when`); null before any.
 */
export async function newestAppliedMigration(db: Database): Promise<number | null> {
  const present = await db.raw.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present.rows[0]?.present) return null;
  const { rows } = await db.raw.query<{ newest: string | number | null }>(
    'select max(created_at) as newest from drizzle.__drizzle_migrations',
  );
  const newest = rows[0]?.newest;
  return newest === null || newest === undefined ? null : Number(newest);
}

export interface QueueCounts {
  /** Jobs due and waiting for a worker: created or to be retried, their start time come. */
  waiting: number;
  /** Jobs that failed for good, until pg-boss moves them to its archive (after 12 hours by default). */
  failed: number;
}

/**
 * pg-boss's jobs per queue (schema `pgboss`), leaving out pg-boss's own `__pgboss__…` queues;
 * empty when pg-boss has never started on this database (every process runs with SIGNET_JOBS=0).
 * A job whose start is still ahead (a retry's delay) is not waiting yet.
 */
export async function jobQueueCounts(db: Database): Promise<Map<string, QueueCounts>> {
  const present = await db.raw.query<{ present: boolean }>(
    `select to_regclass('pgboss.job') is not null as present`,
  );
  const counts = new Map<string, QueueCounts>();
  if (!present.rows[0]?.present) return counts;
  const { rows } = await db.raw.query<{ name: string; waiting: number; failed: number }>(
    `select q.name,
        (select count(*)::int from pgboss.job j
          where j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()) as waiting,
        (select count(*)::int from pgboss.job j where j.name = q.name and j.state = 'failed') as failed
     from pgboss.queue q where not starts_with(q.name, '__pgboss__')`,
  );
  for (const row of rows) counts.set(row.name, { waiting: Number(row.waiting), failed: Number(row.failed) });
  return counts;
}

/** Completed ePaks still owed their seal (due now or waiting for a retry). */
export async function sealsOwed(db: Database): Promise<number> {
  const { rows } = await db.raw.query<{ n: number }>(
    'select count(*)::int as n from epaks where seal_requested_at is not null and sealed_at is null',
  );
  return Number(rows[0]?.n ?? 0);
}

/** Mail waiting in the outbox to be delivered (pending; `kept` mail has no SMTP server to go to). */
export async function mailOutboxDepth(db: Database): Promise<number> {
  const { rows } = await db.raw.query<{ n: number }>(
    `select count(*)::int as n from mail_outbox where status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}
