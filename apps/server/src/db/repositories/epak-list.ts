import type { EpakListRole, Folder, SearchKey } from '@signet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../contains-pattern.ts';
import type { Executor } from '../database.ts';
import { type PreparedSql, prepareSql, runPrepared } from '../prepared-sql.ts';

/**
 * The folders of DOMAIN.md, computed per user from the ePaks they own or receive, never
 * stored. `m` is one row of the `mine` set below.
 */
const FOLDER_CONDITIONS: Record<Folder, string> = {
  Inbox: `m.status = 'InProgress' and m.waiting`,
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

/** The values every list statement takes by name (`sql.placeholder`), so its text is fixed. */
const USER = sql.placeholder('userId');
const PATTERN = sql.placeholder('pattern');
const VALUE = sql.placeholder('value');

/** Which ePaks a list shows: a folder, or the viewer's part in them (older integrations). */
export type ListScope = { folder: Folder } | { role: EpakListRole };

function scopeCondition(scope: ListScope): SQL {
  if ('folder' in scope) return sql.raw(FOLDER_CONDITIONS[scope.folder]);
  if (scope.role === 'Custodian') return sql`m.owned and m.status <> 'Deleted'`;
  const types = scope.role === 'Signer' ? sql`('SIGN', 'INPERSONSIGN')` : sql`('REVIEW')`;
  return sql`m.status not in ('Deleted', 'Draft') and exists (select 1 from recipients x
    join workflow_states s on s.id = x.state_id
    where x.epak_id = m.id and x.user_id = ${USER} and s.type in ${types})`;
}

/**
 * Every ePak the user owns or is a recipient of, read once per request and kept (materialized)
 * as `mine`: what the folder conditions need, the sort key, and `hit` when the ePak is in the
 * listed folder and matches the search. The folder counts, the folder's total and the page all
 * come from it; only the page's rows are then read in full.
 *
 * No plan for it may be quadratic, whatever the row estimates (under RLS they can be far off).
 * The user's owned ePaks, recipient rows (grouped per ePak: no sort) and flags are each one
 * index range scan, put together by full joins, which PostgreSQL runs only as hash or merge
 * joins. `offset 0` keeps that result a subquery of its own: pulled up, its `coalesce` id could
 * not drive an index lookup and the join to the ePaks became a loop over the tenant's ePaks per
 * row (half a second at 1,000). So each ePak is read by key, or by one hash over the tenant's
 * where the planner finds that cheaper. Migration 0007's covering indexes answer all of it from
 * indexes when no search needs more of the ePak than its status and modification time.
 */
function mine(where: SQL, sortKey: SQL): SQL {
  return sql`
    with mine as materialized (
      select m.id, m.status, m.owned, m.waiting, m.signed_any, m.reviewed_any, m.delegated_any,
        m.starred, m.is_read, ${sortKey} as sort_key, (${where}) as hit
      from (
        select e.*, k.owned, coalesce(k.waiting, false) as waiting,
          coalesce(k.signed_any, false) as signed_any,
          coalesce(k.reviewed_any, false) as reviewed_any,
          coalesce(k.delegated_any, false) as delegated_any,
          k.starred, k.is_read
        from (
          select coalesce(o.id, r.epak_id) as id, o.id is not null as owned, r.waiting,
            r.signed_any, r.reviewed_any, r.delegated_any, f.starred, f.is_read
          from (select id from epaks where owner_id = ${USER}) o
          full join (
            select epak_id, bool_or(status in ('Pending', 'DelegatePending')) as waiting,
              bool_or(status = 'Signed') as signed_any,
              bool_or(status = 'Reviewed') as reviewed_any,
              bool_or(status = 'Delegated') as delegated_any
            from recipients where user_id = ${USER}
            group by epak_id
          ) r on r.epak_id = o.id
          full join (select epak_id, starred, is_read from epak_user_flags where user_id = ${USER}) f
            on f.epak_id = coalesce(o.id, r.epak_id)
          where o.id is not null or r.epak_id is not null
          offset 0
        ) k
        join epaks e on e.id = k.id
      ) m
    )`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The global search of spec §2, parsed: which condition (one SQL text per kind, so the list's
 * statements stay few and prepared) and the values for its placeholders.
 */
export interface Search {
  kind: SearchKey | 'none' | 'ePakTagKeyValue';
  values: Record<string, string>;
}

/** Null when the value cannot match (e.g. a date that is not YYYY-MM-DD). */
export function parseSearch(key: SearchKey | undefined, value: string | undefined): Search | null {
  if (!key || !value) return { kind: 'none', values: {} };
  if (key === 'createdOn' || key === 'expiresOn') {
    return DATE.test(value) ? { kind: key, values: { value } } : null;
  }
  if (key === 'from' || key === 'to') return { kind: key, values: { value } };
  const [tagKey, tagValue = ''] = value.split('=', 2);
  if (key === 'ePakTag' && value.includes('=') && tagKey) {
    return {
      kind: 'ePakTagKeyValue',
      values: { tagKey: tagKey.trim(), pattern: containsPattern(tagValue.trim()) },
    };
  }
  // Spec §2: a notification opens the dashboard searching "all" by the package id.
  if (key === 'all') return { kind: key, values: { pattern: containsPattern(value), value: value.trim() } };
  return { kind: key, values: { pattern: containsPattern(value) } };
}

const SEARCH_CONDITIONS: Record<Search['kind'], SQL> = {
  none: sql`true`,
  all: sql`(m.id::text = lower(${VALUE}) or m.subject ilike ${PATTERN} or m.workflow_name ilike ${PATTERN}
    or exists (select 1 from users o where o.id = m.owner_id and (o.email ilike ${PATTERN} or (o.first_name || ' ' || o.last_name) ilike ${PATTERN}))
    or exists (select 1 from recipients x join users u on u.id = x.user_id where x.epak_id = m.id and (x.email ilike ${PATTERN} or (u.first_name || ' ' || u.last_name) ilike ${PATTERN}))
    or exists (select 1 from jsonb_array_elements(m.tags) t where t->>'key' ilike ${PATTERN} or t->>'value' ilike ${PATTERN}))`,
  from: sql`exists (select 1 from users o where o.id = m.owner_id and (lower(o.email) = lower(${VALUE}) or o.id::text = ${VALUE}))`,
  to: sql`exists (select 1 from recipients x where x.epak_id = m.id and (lower(x.email) = lower(${VALUE}) or x.user_id::text = ${VALUE}))`,
  subject: sql`m.subject ilike ${PATTERN}`,
  workflowName: sql`m.workflow_name ilike ${PATTERN}`,
  createdOn: sql`(m.created_at at time zone 'UTC')::date = ${VALUE}::date`,
  expiresOn: sql`(m.expired_on at time zone 'UTC')::date = ${VALUE}::date`,
  ePakTag: sql`exists (select 1 from jsonb_array_elements(m.tags) t where t->>'key' ilike ${PATTERN} or t->>'value' ilike ${PATTERN})`,
  ePakTagKeyValue: sql`exists (select 1 from jsonb_array_elements(m.tags) t where lower(t->>'key') = lower(${sql.placeholder('tagKey')}) and t->>'value' ilike ${PATTERN})`,
};

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
  scope: ListScope;
  search: Search;
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
 * The list statement of one kind of call (scope, search kind, star filter, sort), prepared once
 * per process; at most a few thousand kinds exist.
 */
const statements = new Map<string, PreparedSql>();

function listStatement(o: ListOptions): PreparedSql {
  const kind = JSON.stringify([o.scope, o.search.kind, o.starredOnly, o.sortColumn, o.descending]);
  const known = statements.get(kind);
  if (known) return known;
  const where = sql`${scopeCondition(o.scope)} and ${SEARCH_CONDITIONS[o.search.kind]} ${o.starredOnly ? sql`and coalesce(m.starred, false)` : sql``}`;
  const order = sql.raw(`m.sort_key ${o.descending ? 'desc' : 'asc'} nulls last, m.id`);
  const counts = Object.entries(FOLDER_CONDITIONS)
    .map(([folder, cond]) => `count(*) filter (where ${cond})::int as "${folder}"`)
    .join(', ');
  // The counts row always comes back, with the page's rows (if any) joined to it. The ePak
  // itself, its owner, current step, pending signers and the viewer's own recipient row (one
  // still waiting for them, else the latest) are read for the page's rows only.
  const statement = prepareSql(sql`${mine(where, sql.raw(SORT_COLUMNS[o.sortColumn]))},
      counts as (
        select ${sql.raw(counts)},
          count(*) filter (where ${sql.raw(FOLDER_CONDITIONS.Inbox)} and not coalesce(m.is_read, false))::int as unread,
          count(*) filter (where m.hit)::int as total_count
        from mine m
      ),
      page as (
        select * from mine m where m.hit order by ${order}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      )
      select c.*, e.id, e.subject, e.status, e.signing_policy, e.security_code_hash, e.view_enforced,
        e.request_location, e.tags, e.comments, e.workflow_name, e.progress_percent, e.current_step_order,
        e.created_at, e.sent_on, e.modified_on, e.expired_on, e.retention_date, e.notification_start_date,
        e.deleted_on, e.deleted_by, e.archival_period_days, e.owner_id, m.owned,
        me.id as my_recipient_id, me.status as my_status, me.email as my_email,
        o.email as owner_email, o.first_name as owner_first_name,
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
        left join lateral (
          select x.id, x.status, x.email from recipients x
          where x.epak_id = m.id and x.user_id = ${USER}
          order by (x.status in ('Pending', 'DelegatePending')) desc, x.created_at desc, x.id
          limit 1
        ) me on true
      ) on true
      order by ${order}`);
  statements.set(kind, statement);
  return statement;
}

/**
 * One page of a folder with what the summary needs, the folder's total, and every folder's
 * count, in one pass over the user's ePaks.
 */
export async function listEpaks(tx: Executor, o: ListOptions): Promise<ListedPage> {
  const rows = await runPrepared<PageRow>(tx, listStatement(o), {
    ...o.search.values,
    userId: o.userId,
    limit: o.limit,
    offset: o.offset,
  });
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
