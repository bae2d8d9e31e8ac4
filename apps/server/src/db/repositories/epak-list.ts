import type { EpakListRole, Folder, SearchKey } from '@signet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/**
 * The folders of DOMAIN.md, computed per user from the ePaks they own or receive, never
 * stored. `m` is one row of the `mine` set below.
 */
const FOLDER_CONDITIONS: Record<Folder, string> = {
  Inbox: `m.status = 'InProgress' and m.my_status in ('Pending', 'DelegatePending')`,
  Pending: `m.owned and m.status = 'InProgress'`,
  Draft: `m.owned and m.status = 'Draft'`,
  Signed: `m.signed_any and m.status not in ('Deleted', 'Archived')`,
  Reviewed: `m.reviewed_any and m.status not in ('Deleted', 'Archived')`,
  Delegated: `m.delegated_any and m.status not in ('Deleted', 'Archived')`,
  Rejected: `m.status = 'Rejected'`,
  Completed: `m.status = 'Completed'`,
  Stopped: `m.owned and m.status = 'Stopped'`,
  Expired: `m.status = 'Expired'`,
  Deleted: `m.owned and m.status = 'Deleted'`,
  Archived: `m.status = 'Archived'`,
};

/** Which ePaks a list shows: a folder, or the viewer's part in them (older integrations). */
export function listScope(scope: { folder: Folder } | { role: EpakListRole; userId: string }): SQL {
  if ('folder' in scope) return sql.raw(FOLDER_CONDITIONS[scope.folder]);
  if (scope.role === 'Custodian') return sql`m.owned and m.status <> 'Deleted'`;
  const types = scope.role === 'Signer' ? sql`('SIGN', 'INPERSONSIGN')` : sql`('REVIEW')`;
  return sql`m.status not in ('Deleted', 'Draft') and exists (select 1 from recipients x
    join workflow_states s on s.id = x.state_id
    where x.epak_id = m.id and x.user_id = ${scope.userId} and s.type in ${types})`;
}

/** Every ePak the user owns or is a recipient of, with their own recipient entry. */
function mine(userId: string): SQL {
  // The ePaks the user owns and their recipient rows are read once (two index range scans) and
  // folded per ePak, then joined to the ePaks by key. Probing the recipients for every ePak, or
  // joining a CTE, made the planner loop (its row estimates under RLS are 1).
  return sql`
    with mine_rows as (
      select id as epak_id, true as owned, null::text as rid, null::text as rstatus, null::text as remail,
        null::timestamptz as rcreated
      from epaks where owner_id = ${userId}
      union all
      select epak_id, false, id::text, status, email, created_at from recipients where user_id = ${userId}
    ),
    folded as (
      select epak_id,
        bool_or(owned) as owned,
        coalesce(bool_or(rstatus = 'Signed'), false) as signed_any,
        coalesce(bool_or(rstatus = 'Reviewed'), false) as reviewed_any,
        coalesce(bool_or(rstatus = 'Delegated'), false) as delegated_any,
        -- The row that matters: one still waiting for the user, else the latest.
        (array_agg(array[rid, rstatus, remail]
          order by (rstatus in ('Pending', 'DelegatePending')) desc, rcreated desc nulls last)
          filter (where rid is not null))[1:1] as me
      from mine_rows group by epak_id
    ),
    mine as (
      select e.*, f.owned,
        f.me[1][1]::uuid as my_recipient_id,
        f.me[1][2] as my_status,
        f.me[1][3] as my_email,
        f.signed_any, f.reviewed_any, f.delegated_any
      from folded f join epaks e on e.id = f.epak_id
    )`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function like(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The global search of spec §2 as a condition; null when the value cannot match (e.g. a bad date). */
export function searchCondition(key: SearchKey | undefined, value: string | undefined): SQL | null {
  if (!key || !value) return sql`true`;
  const p = like(value);
  switch (key) {
    case 'all':
      return sql`(m.subject ilike ${p} or m.workflow_name ilike ${p}
        or exists (select 1 from users o where o.id = m.owner_id and (o.email ilike ${p} or (o.first_name || ' ' || o.last_name) ilike ${p}))
        or exists (select 1 from recipients x join users u on u.id = x.user_id where x.epak_id = m.id and (x.email ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p}))
        or exists (select 1 from jsonb_array_elements(m.tags) t where t->>'key' ilike ${p} or t->>'value' ilike ${p}))`;
    case 'from':
      return sql`exists (select 1 from users o where o.id = m.owner_id and (lower(o.email) = lower(${value}) or o.id::text = ${value}))`;
    case 'to':
      return sql`exists (select 1 from recipients x where x.epak_id = m.id and (lower(x.email) = lower(${value}) or x.user_id::text = ${value}))`;
    case 'subject':
      return sql`m.subject ilike ${p}`;
    case 'workflowName':
      return sql`m.workflow_name ilike ${p}`;
    case 'createdOn':
      return DATE.test(value) ? sql`(m.created_at at time zone 'UTC')::date = ${value}::date` : null;
    case 'expiresOn':
      return DATE.test(value) ? sql`(m.expired_on at time zone 'UTC')::date = ${value}::date` : null;
    case 'ePakTag': {
      const [k, v] = value.includes('=') ? value.split('=', 2) : [undefined, value];
      return k
        ? sql`exists (select 1 from jsonb_array_elements(m.tags) t where lower(t->>'key') = lower(${k.trim()}) and t->>'value' ilike ${like(v?.trim() ?? '')})`
        : sql`exists (select 1 from jsonb_array_elements(m.tags) t where t->>'key' ilike ${p} or t->>'value' ilike ${p})`;
    }
  }
}

export type FolderCounts = Record<Folder, number>;

/** How many ePaks each folder holds for the user, and how many in the Inbox are unread. */
export async function folderCounts(
  tx: Executor,
  userId: string,
): Promise<{ counts: FolderCounts; unread: number }> {
  const filters = Object.entries(FOLDER_CONDITIONS)
    .map(([folder, cond]) => `count(*) filter (where ${cond})::int as "${folder}"`)
    .join(', ');
  const rows = await tx.execute(
    sql`${mine(userId)}
      select ${sql.raw(filters)},
        count(*) filter (where ${sql.raw(FOLDER_CONDITIONS.Inbox)} and not coalesce(f.is_read, false))::int as "unread"
      from mine m left join epak_user_flags f on f.epak_id = m.id and f.user_id = ${userId}`,
  );
  const row = (rows as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  const { unread = 0, ...counts } = row;
  return { counts: counts as FolderCounts, unread };
}

export interface ListedEpakRow {
  id: string;
  subject: string;
  status: string;
  signing_policy: string;
  security_code_hash: string | null;
  view_enforced: boolean;
  request_location: string;
  tags: { key: string; value: string }[];
  comments: string;
  workflow_name: string;
  progress_percent: number;
  current_step_order: number | null;
  created_at: Date | string;
  sent_on: Date | string | null;
  modified_on: Date | string;
  expired_on: Date | string | null;
  retention_date: Date | string | null;
  notification_start_date: Date | string | null;
  deleted_on: Date | string | null;
  deleted_by: string | null;
  archival_period_days: number | null;
  owner_id: string;
  owned: boolean;
  my_recipient_id: string | null;
  my_status: string | null;
  my_email: string | null;
  owner_email: string;
  owner_first_name: string;
  owner_middle_name: string;
  owner_last_name: string;
  current_step_id: string | null;
  current_step_type: string | null;
  pending_emails: string[] | null;
  starred: boolean | null;
  is_read: boolean | null;
}

const SORT_COLUMNS = {
  modifiedOn: 'm.modified_on',
  sentOn: 'm.sent_on',
  subject: 'lower(m.subject)',
  expiredOn: 'm.expired_on',
  status: 'm.status',
  createdOn: 'm.created_at',
} as const;

export interface ListOptions {
  userId: string;
  /** From `listScope`. */
  scope: SQL;
  search: SQL;
  starredOnly: boolean;
  sortColumn: keyof typeof SORT_COLUMNS;
  descending: boolean;
  limit: number;
  offset: number;
}

/** One page of a folder, with what the summary needs, and the folder's total. */
export async function listEpaks(
  tx: Executor,
  o: ListOptions,
): Promise<{ rows: ListedEpakRow[]; total: number }> {
  const where = sql`${o.scope} and ${o.search} ${o.starredOnly ? sql`and coalesce(f.starred, false)` : sql``}`;
  const order = sql.raw(`${SORT_COLUMNS[o.sortColumn]} ${o.descending ? 'desc' : 'asc'} nulls last, m.id`);
  const page = await tx.execute(
    // The page is chosen first (with the folder's total as a window count); owner, current step
    // and pending signers are looked up for its rows only.
    sql`${mine(o.userId)},
      page as (
        select m.*, f.starred, f.is_read, count(*) over ()::int as total_count
        from mine m
        left join epak_user_flags f on f.epak_id = m.id and f.user_id = ${o.userId}
        where ${where}
        order by ${order}
        limit ${o.limit} offset ${o.offset}
      )
      select m.id, m.subject, m.status, m.signing_policy, m.security_code_hash, m.view_enforced, m.request_location,
        m.tags, m.comments, m.workflow_name, m.progress_percent, m.current_step_order, m.created_at, m.sent_on,
        m.modified_on, m.expired_on, m.retention_date, m.notification_start_date, m.deleted_on, m.deleted_by,
        m.archival_period_days, m.owner_id, m.owned, m.my_recipient_id, m.my_status, m.my_email,
        o.email as owner_email, o.first_name as owner_first_name, o.middle_name as owner_middle_name,
        o.last_name as owner_last_name, s.id as current_step_id, s.type as current_step_type,
        (select array_agg(x.email order by x.position) from recipients x
          where x.state_id = s.id and x.status in ('Pending', 'DelegatePending')) as pending_emails,
        m.starred, m.is_read, m.total_count
      from page m
      join users o on o.id = m.owner_id
      left join workflow_states s on s.epak_id = m.id and s.step_order = m.current_step_order
      order by ${order}`,
  );
  const rows = (page as unknown as { rows: (ListedEpakRow & { total_count: number })[] }).rows;
  // The window count comes with any row; only a page past the end needs its own count.
  if (rows.length > 0 || o.offset === 0) return { rows, total: rows[0]?.total_count ?? 0 };
  const counted = await tx.execute(
    sql`${mine(o.userId)}
      select count(*)::int as n from mine m
      left join epak_user_flags f on f.epak_id = m.id and f.user_id = ${o.userId}
      where ${where}`,
  );
  return { rows, total: (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0 };
}
