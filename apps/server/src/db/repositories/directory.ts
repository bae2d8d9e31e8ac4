import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { directoryMembers, directoryRuns, directorySettings, users } from '../schema/index.ts';

/** NOTIFY channel that wakes the directory sync job when a run is queued (delivered on commit). */
export const DIRECTORY_SYNC_CHANNEL = 'signet_directory_sync';

export type DirectorySettingsRow = typeof directorySettings.$inferSelect;
export type DirectoryRunRow = typeof directoryRuns.$inferSelect;
export type DirectoryMemberRow = typeof directoryMembers.$inferSelect;

export async function findDirectorySettings(tx: Executor): Promise<DirectorySettingsRow | null> {
  const [row] = await tx.select().from(directorySettings);
  return row ?? null;
}

export async function saveDirectorySettingsRow(
  tx: Executor,
  row: typeof directorySettings.$inferInsert,
): Promise<void> {
  await tx
    .insert(directorySettings)
    .values(row)
    .onConflictDoUpdate({
      target: directorySettings.tenantId,
      set: {
        config: row.config,
        bindPasswordSealed: row.bindPasswordSealed ?? null,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      },
    });
}

/** The tenant's queued or running run, if any. */
export async function findActiveRun(tx: Executor): Promise<DirectoryRunRow | null> {
  const [row] = await tx
    .select()
    .from(directoryRuns)
    .where(inArray(directoryRuns.status, ['queued', 'running']));
  return row ?? null;
}

/** Queues a run; its NOTIFY wakes the job once the transaction commits. */
export async function insertRun(
  tx: Executor,
  run: typeof directoryRuns.$inferInsert,
): Promise<DirectoryRunRow> {
  const [row] = await tx.insert(directoryRuns).values(run).returning();
  if (!row) throw new Error('directory run not inserted');
  await tx.execute(sql`select pg_notify(${DIRECTORY_SYNC_CHANNEL}, ${row.id})`);
  return row;
}

export function latestRuns(tx: Executor, limit: number): Promise<DirectoryRunRow[]> {
  return tx.select().from(directoryRuns).orderBy(desc(directoryRuns.createdAt)).limit(limit);
}

export async function findRun(tx: Executor, runId: string): Promise<DirectoryRunRow | null> {
  const [row] = await tx.select().from(directoryRuns).where(eq(directoryRuns.id, runId));
  return row ?? null;
}

/**
 * Takes a queued run, or a running one whose heartbeat stopped before `staleBefore` (its process
 * died): null when another worker has it.
 */
export async function claimRun(
  tx: Executor,
  runId: string,
  now: Date,
  staleBefore: Date,
): Promise<DirectoryRunRow | null> {
  const [row] = await tx
    .update(directoryRuns)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${directoryRuns.startedAt}, ${now})`,
      heartbeatAt: now,
    })
    .where(
      and(
        eq(directoryRuns.id, runId),
        or(
          eq(directoryRuns.status, 'queued'),
          and(eq(directoryRuns.status, 'running'), lt(directoryRuns.heartbeatAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateRun(
  tx: Executor,
  runId: string,
  change: Partial<
    Pick<
      typeof directoryRuns.$inferInsert,
      | 'status'
      | 'heartbeatAt'
      | 'finishedAt'
      | 'total'
      | 'seen'
      | 'created'
      | 'updated'
      | 'disabled'
      | 'failed'
      | 'summary'
      | 'error'
    >
  >,
): Promise<void> {
  await tx.update(directoryRuns).set(change).where(eq(directoryRuns.id, runId));
}

/** Runs to work on in every tenant (owner connection): queued ones, and running ones left by a dead process. */
export async function dueRuns(
  db: Executor,
  staleBefore: Date,
  limit: number,
): Promise<{ tenantId: string; runId: string }[]> {
  return db
    .select({ tenantId: directoryRuns.tenantId, runId: directoryRuns.id })
    .from(directoryRuns)
    .where(
      or(
        eq(directoryRuns.status, 'queued'),
        and(eq(directoryRuns.status, 'running'), lt(directoryRuns.heartbeatAt, staleBefore)),
      ),
    )
    .orderBy(directoryRuns.createdAt)
    .limit(limit);
}

export function directoryMembersOf(tx: Executor): Promise<DirectoryMemberRow[]> {
  return tx.select().from(directoryMembers);
}

export async function upsertDirectoryMember(
  tx: Executor,
  row: typeof directoryMembers.$inferInsert,
): Promise<void> {
  await tx
    .insert(directoryMembers)
    .values(row)
    .onConflictDoUpdate({
      target: [directoryMembers.tenantId, directoryMembers.userId],
      set: { dn: row.dn, disabledBySync: row.disabledBySync ?? false },
    });
}

export async function setDisabledBySync(tx: Executor, userId: string, disabled: boolean): Promise<void> {
  await tx
    .update(directoryMembers)
    .set({ disabledBySync: disabled })
    .where(eq(directoryMembers.userId, userId));
}

/** Emails of the people who started runs, for the history. */
export async function emailsOf(tx: Executor, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}
