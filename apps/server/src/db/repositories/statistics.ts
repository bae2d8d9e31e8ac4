import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/** Which ePaks a statistic counts: one user's (owned or received), a group's members', or all. */
export type StatisticsScope = { kind: 'users'; userIds: string[] } | { kind: 'all' };

function involving(scope: StatisticsScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const ids = sql.join(
    scope.userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`(e.owner_id in (${ids}) or exists (select 1 from recipients r where r.epak_id = e.id and r.user_id in (${ids})))`;
}

export async function countByStatus(tx: Executor, scope: StatisticsScope): Promise<Record<string, number>> {
  const result = await tx.execute(
    sql`select e.status, count(*)::int as n from epaks e where ${involving(scope)} group by e.status`,
  );
  const rows = (result as unknown as { rows: { status: string; n: number }[] }).rows;
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
  // Received, rejected and signed count the scope's people as recipients (everyone for `all`).
  const person =
    scope.kind === 'all'
      ? sql`true`
      : sql`r.user_id in (${sql.join(
          scope.userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  // Each counted event is put in its week once and the weeks are grouped in one pass (rather
  // than one scan per week and series).
  const week = (column: string) => sql.raw(`date_trunc('week', ${column} at time zone 'UTC')`);
  const first = sql`date_trunc('week', ${from.toISOString()}::timestamptz at time zone 'UTC')`;
  const result = await tx.execute(sql`
    with weeks as (
      select generate_series(${first}, ${first} + (${weeks - 1} * interval '1 week'), interval '1 week') as w
    ),
    scoped as materialized (
      select e.id, e.status, e.created_at, e.sent_on, e.modified_on, e.completed_on from epaks e where ${involving(scope)}
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
    group by weeks.w order by weeks.w`);
  return (result as unknown as { rows: WeeklyRow[] }).rows;
}
