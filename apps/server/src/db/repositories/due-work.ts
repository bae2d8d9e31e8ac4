import { sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/**
 * Cross-tenant queries of the scheduled jobs. They run on the owner connection (`db.system`):
 * finding what is due in every tenant is the point. Each job then acts inside that tenant's
 * transaction.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DueEpak {
  tenantId: string;
  epakId: string;
}

/** Sent or stopped ePaks whose expiry date has passed. */
export async function expiredEpaks(db: Executor, now: Date, limit: number): Promise<DueEpak[]> {
  return rowsOf<DueEpak>(
    await db.execute(sql`
      select tenant_id as "tenantId", id as "epakId" from epaks
      where status in ('InProgress', 'Stopped') and expired_on <= ${now.toISOString()}::timestamptz
      order by expired_on limit ${limit}`),
  );
}

export interface DueReminder extends DueEpak {
  recipientId: string;
}

/**
 * Recipients waiting in the current step of a sent ePak whose next reminder is due: reminders
 * start at the ePak's notification date when set, else one interval after the step began (the
 * ePak's last action, or its sending); then every interval, at most `reminder_max` times.
 */
export async function dueReminders(db: Executor, now: Date, limit: number): Promise<DueReminder[]> {
  return rowsOf<DueReminder>(
    await db.execute(sql`
      select r.tenant_id as "tenantId", r.epak_id as "epakId", r.id as "recipientId"
      from recipients r
      join epaks e on e.tenant_id = r.tenant_id and e.id = r.epak_id
      join workflow_states s on s.tenant_id = r.tenant_id and s.id = r.state_id
      where e.status = 'InProgress' and s.status = 'current'
        and r.status in ('Pending', 'DelegatePending')
        and e.reminder_interval_days > 0 and r.reminders_sent < e.reminder_max
        and (e.notification_start_date is null or e.notification_start_date <= ${now.toISOString()}::timestamptz)
        and coalesce(
              r.last_reminded_at + make_interval(days => e.reminder_interval_days),
              e.notification_start_date,
              greatest(e.sent_on, (select max(x.acted_at) from recipients x
                                   where x.tenant_id = e.tenant_id and x.epak_id = e.id))
                + make_interval(days => e.reminder_interval_days)
            ) <= ${now.toISOString()}::timestamptz
      limit ${limit}`),
  );
}

/**
 * ePaks past keeping: deleted more than `deletedDays` ago, or ended and past their retention date
 * by more than `readyToPurgeDays` (the "ready to purge" window, in which they are archived).
 */
export async function purgeableEpaks(
  db: Executor,
  now: Date,
  days: { deleted: number; readyToPurge: number },
  limit: number,
): Promise<(DueEpak & { reason: string })[]> {
  return rowsOf<DueEpak & { reason: string }>(
    await db.execute(sql`
      select tenant_id as "tenantId", id as "epakId",
        case when status = 'Deleted' then 'deleted' else 'retention' end as reason
      from epaks
      where (status = 'Deleted' and deleted_on <= ${now.toISOString()}::timestamptz - make_interval(days => ${days.deleted}))
         or (status in ('Completed', 'Rejected', 'Expired', 'Archived')
             and retention_date <= ${now.toISOString()}::timestamptz - make_interval(days => ${days.readyToPurge}))
      limit ${limit}`),
  );
}

/** Completed ePaks whose archival period is over (their retention date has come). */
export async function archivalPeriodOverEpaks(db: Executor, now: Date, limit: number): Promise<DueEpak[]> {
  return rowsOf<DueEpak>(
    await db.execute(sql`
      select tenant_id as "tenantId", id as "epakId" from epaks
      where status = 'Completed' and retention_date <= ${now.toISOString()}::timestamptz
      order by retention_date limit ${limit}`),
  );
}

/** Completed ePaks still owed their seal, due now (never tried, or past their retry time). */
export async function dueSeals(
  db: Executor,
  now: Date,
  limit: number,
): Promise<(DueEpak & { attempts: number })[]> {
  return rowsOf<DueEpak & { attempts: number }>(
    await db.execute(sql`
      select tenant_id as "tenantId", id as "epakId", seal_attempts as attempts from epaks
      where seal_requested_at is not null and sealed_at is null
        and (seal_retry_at is null or seal_retry_at <= ${now.toISOString()}::timestamptz)
      order by seal_requested_at limit ${limit}`),
  );
}

/** Removes an ePak and its documents (their versions go with them); the activity log stays. */
export async function purgeEpak(db: Executor, epakId: string): Promise<number> {
  await db.execute(sql`delete from documents where epak_id = ${epakId}::uuid`);
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`with gone as (delete from epaks where id = ${epakId}::uuid returning 1)
      select count(*)::int as n from gone`),
    )[0]?.n ?? 0
  );
}

/** Which of these blob hashes something still points to. */
export async function referencedBlobs(db: Executor, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const list = sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  );
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`
      select blob_hash as hash from document_versions where blob_hash in (${list})
      union select blob_hash from letterhead_templates where blob_hash in (${list})
      union select blob_hash from rubber_stamps where blob_hash in (${list})
      union select blob_hash from epak_attachments where blob_hash in (${list})
      union select blob_hash from team_room_documents where blob_hash in (${list})
      union select certificate_blob_hash from stamp_papers where certificate_blob_hash in (${list})
      union select prepared_blob_hash from pending_signatures where prepared_blob_hash in (${list})`),
  );
  return new Set(rows.map((r) => r.hash));
}
