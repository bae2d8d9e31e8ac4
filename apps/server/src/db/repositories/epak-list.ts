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

/**
 * Every ePak the user owns or is a recipient of, read once per request and kept (materialized)
 * as `mine`: what the folder conditions need, the sort key, and `hit` when the ePak is in the
 * listed folder and matches the search. The folder counts, the folder's total and the page all
 * come from it; only the page's rows are then read in full.
 *
 * No plan for it may be quadratic, whatever the row estimates (under RLS they can be far off).
 * The user's owned ePaks, recipient rows and flags are each one index range scan, put together
 * by full joins, which PostgreSQL runs only as hash or merge joins. `offset 0` keeps that result
 * a subquery of its own: pulled up, its `coalesce` id could not drive an index lookup and the
 * join to the ePaks became a loop over the tenant's ePaks per row (half a second at 1,000). So
 * each ePak is read by key, or by one hash over the tenant's where the planner finds that
 * cheaper. Migration 0007's covering indexes answer all of it from indexes when no search needs
 * more of the ePak than its status and modification time.
 */
function mine(userId: string, where: SQL, sortKey: SQL): SQL {
  return sql`
    with mine as materialized (
      select m.id, m.status, m.owned, m.my_recipient_id, m.my_status, m.signed_any, m.reviewed_any,
        m.delegated_any, m.starred, m.is_read, ${sortKey} as sort_key, (${where}) as hit
      from (
        select e.*, k.owned, k.my_recipient_id, k.my_status,
          coalesce(k.signed_any, false) as signed_any,
          coalesce(k.reviewed_any, false) as reviewed_any,
          coalesce(k.delegated_any, false) as delegated_any,
          k.starred, k.is_read
        from (
          select coalesce(o.id, r.epak_id) as id, o.id is not null as owned, r.my_recipient_id,
            r.my_status, r.signed_any, r.reviewed_any, r.delegated_any, f.starred, f.is_read
          from (select id from epaks where owner_id = ${userId}) o
          full join (
            -- Per ePak, the row that matters: one still waiting for the user, else the latest.
            select distinct on (epak_id) epak_id, id as my_recipient_id, status as my_status,
              bool_or(status = 'Signed') over w as signed_any,
              bool_or(status = 'Reviewed') over w as reviewed_any,
              bool_or(status = 'Delegated') over w as delegated_any
            from recipients where user_id = ${userId}
            window w as (partition by epak_id)
            order by epak_id, (status in ('Pending', 'DelegatePending')) desc, created_at desc, id
          ) r on r.epak_id = o.id
          full join (select epak_id, starred, is_read from epak_user_flags where user_id = ${userId}) f
            on f.epak_id = coalesce(o.id, r.epak_id)
          where o.id is not null or r.epak_id is not null
          offset 0
        ) k
        join epaks e on e.id = k.id
      ) m
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

export interface ListedPage {
  rows: ListedEpakRow[];
  /** How many ePaks the folder holds under the search (every page, not this one). */
  total: number;
  counts: FolderCounts;
  /** Inbox ePaks the user has not opened. */
  unread: number;
}

type PageRow = ListedEpakRow & Record<Folder | 'unread' | 'total_count', number>;

/**
 * One page of a folder with what the summary needs, the folder's total, and every folder's
 * count, in one pass over the user's ePaks.
 */
export async function listEpaks(tx: Executor, o: ListOptions): Promise<ListedPage> {
  const where = sql`${o.scope} and ${o.search} ${o.starredOnly ? sql`and coalesce(m.starred, false)` : sql``}`;
  const order = sql.raw(`m.sort_key ${o.descending ? 'desc' : 'asc'} nulls last, m.id`);
  const counts = Object.entries(FOLDER_CONDITIONS)
    .map(([folder, cond]) => `count(*) filter (where ${cond})::int as "${folder}"`)
    .join(', ');
  const result = await tx.execute(
    // The counts row always comes back, with the page's rows (if any) joined to it. The ePak
    // itself, its owner, current step and pending signers are read for the page's rows only.
    sql`${mine(o.userId, where, sql.raw(SORT_COLUMNS[o.sortColumn]))},
      counts as (
        select ${sql.raw(counts)},
          count(*) filter (where ${sql.raw(FOLDER_CONDITIONS.Inbox)} and not coalesce(m.is_read, false))::int as unread,
          count(*) filter (where m.hit)::int as total_count
        from mine m
      ),
      page as (
        select * from mine m where m.hit order by ${order} limit ${o.limit} offset ${o.offset}
      )
      select c.*, e.id, e.subject, e.status, e.signing_policy, e.security_code_hash, e.view_enforced,
        e.request_location, e.tags, e.comments, e.workflow_name, e.progress_percent, e.current_step_order,
        e.created_at, e.sent_on, e.modified_on, e.expired_on, e.retention_date, e.notification_start_date,
        e.deleted_on, e.deleted_by, e.archival_period_days, e.owner_id, m.owned, m.my_recipient_id,
        m.my_status, me.email as my_email, o.email as owner_email, o.first_name as owner_first_name,
        o.middle_name as owner_middle_name, o.last_name as owner_last_name, s.id as current_step_id,
        s.type as current_step_type,
        (select array_agg(x.email order by x.position) from recipients x
          where x.state_id = s.id and x.status in ('Pending', 'DelegatePending')) as pending_emails,
        m.starred, m.is_read
      from counts c
      left join (page m
        join epaks e on e.id = m.id
        join users o on o.id = e.owner_id
        left join workflow_states s on s.epak_id = e.id and s.step_order = e.current_step_order
        left join recipients me on me.id = m.my_recipient_id
      ) on true
      order by ${order}`,
  );
  const rows = (result as unknown as { rows: PageRow[] }).rows;
  const first = rows[0];
  if (!first) throw new Error('the folder counts row is missing');
  const { unread, total_count: total } = first;
  const folderCounts = Object.fromEntries(
    Object.keys(FOLDER_CONDITIONS).map((f) => [f, first[f as Folder]]),
  ) as FolderCounts;
  return {
    rows: first.id === null ? [] : rows,
    total,
    counts: folderCounts,
    unread,
  };
}
