import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { prepareSql, runPrepared } from '../prepared-sql.ts';

/** Which ePaks a statistic counts: one user's (owned or received), a group's members', or all. */
export type StatisticsScope = { kind: 'users'; userIds: string[] } | { kind: 'all' };

const USERS = sql.placeholder('userIds');

/**
 * The scope's ePaks. For people, the ePaks they own and those they receive are each found
 * through their own index and put together; a test per ePak (owner or recipient?) would read
 * every ePak of the tenant.
 */
function involving(kind: StatisticsScope['kind']): SQL {
  if (kind === 'all') return sql`true`;
  return sql`e.id in (select id from epaks where owner_id = any(${USERS}::uuid[])
    union select epak_id from recipients where user_id = any(${USERS}::uuid[]))`;
}

/** The placeholders' values for a scope. */
function scopeValues(scope: StatisticsScope): Record<string, unknown> {
  return scope.kind === 'all' ? {} : { userIds: scope.userIds };
}

const statusCountsSql = (kind: StatisticsScope['kind']) =>
  sql`select e.status, count(*)::int as n from epaks e where ${involving(kind)} group by e.status`;
const statusCounts = { all: prepareSql(statusCountsSql('all')), users: prepareSql(statusCountsSql('users')) };

export async function countByStatus(tx: Executor, scope: StatisticsScope): Promise<Record<string, number>> {
  const rows = await runPrepared<{ status: string; n: number }>(
    tx,
    statusCounts[scope.kind],
    scopeValues(scope),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface WeeklyRow {
  week_start: string;
  created: number;
  pending: number;
  stopped: number;
  completed: number;
  received: number;
  rejected: number;
  signed: number;
}

function weeklySql(kind: StatisticsScope['kind']): SQL {
  // Received, rejected and signed count the scope's people as recipients (everyone for `all`).
  const person = kind === 'all' ? sql`true` : sql`r.user_id = any(${USERS}::uuid[])`;
  // Each counted event is put in its week once and the weeks are grouped in one pass (rather
  // than one scan per week and series).
  const week = (column: string) => sql.raw(`date_trunc('week', ${column} at time zone 'UTC')`);
  const first = sql`date_trunc('week', ${sql.placeholder('from')}::timestamptz at time zone 'UTC')`;
  const weeks = sql`${sql.placeholder('weeks')}::int`;
  return sql`
    with weeks as (
      select generate_series(${first}, ${first} + ((${weeks} - 1) * interval '1 week'), interval '1 week') as w
    ),
    scoped as materialized (
      select e.id, e.status, e.created_at, e.sent_on, e.modified_on, e.completed_on from epaks e where ${involving(kind)}
    ),
    theirs as materialized (
      select r.epak_id, r.status, r.acted_at from recipients r where ${person}
    ),
    events as (
      select 'created' as k, ${week('created_at')} as w from scoped
      union all select 'pending', ${week('sent_on')} from scoped where status = 'InProgress' and sent_on is not null
      union all select 'stopped', ${week('modified_on')} from scoped where status = 'Stopped'
      union all select 'completed', ${week('completed_on')} from scoped where completed_on is not null
      union all select 'received', ${week('e.sent_on')}
        from (select distinct epak_id from theirs where status <> 'NotRequired') x join epaks e on e.id = x.epak_id
        where e.sent_on is not null
      union all select 'rejected', ${week('acted_at')} from theirs where status = 'Rejected' and acted_at is not null
      union all select 'signed', ${week('acted_at')} from theirs where status = 'Signed' and acted_at is not null
    ),
    counted as (
      select k, w, count(*)::int as n from events
      where w >= ${first} and w < ${first} + (${weeks} * interval '1 week')
      group by k, w
    )
    select to_char(weeks.w, 'YYYY-MM-DD') as week_start,
      ${sql.raw(
        ['created', 'pending', 'stopped', 'completed', 'received', 'rejected', 'signed']
          .map((k) => `coalesce(max(c.n) filter (where c.k = '${k}'), 0)::int as ${k}`)
          .join(', '),
      )}
    from weeks left join counted c on c.w = weeks.w
    group by weeks.w order by weeks.w`;
}

const weeklyStatements = {
  all: prepareSql(weeklySql('all')),
  users: prepareSql(weeklySql('users')),
};

/**
 * Per week (Monday, UTC) from `from`: created and sent ePaks still pending, stopped and completed
 * ones, and — for one person — what they received, rejected and signed.
 */
export async function weeklySeries(
  tx: Executor,
  scope: StatisticsScope,
  from: Date,
  weeks: number,
): Promise<WeeklyRow[]> {
  return runPrepared<WeeklyRow>(tx, weeklyStatements[scope.kind], {
    ...scopeValues(scope),
    from: from.toISOString(),
    weeks,
  });
}
