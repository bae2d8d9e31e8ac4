import { sql } from 'drizzle-orm';
import { defineReport, epakConditions, inRange, where } from './report-definition.ts';

const hours = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from})) / 3600`);
const median = (x: ReturnType<typeof hours>) =>
  sql`round((percentile_cont(0.5) within group (order by ${x}))::numeric, 2)::float8`;
const p90 = (x: ReturnType<typeof hours>) =>
  sql`round((percentile_cont(0.9) within group (order by ${x}))::numeric, 2)::float8`;

/**
 * Hours from sent to completed for the ePaks completed in the range: the whole ePak (step
 * "all") and each step (from the previous step's last action, or the sending, to its own last
 * action), median and 90th percentile, computed in SQL.
 */
export const turnaround = defineReport({
  id: 'turnaround',
  filters: ['dateRange', 'users', 'groups', 'policy', 'template'],
  columns: [
    { key: 'step', type: 'text' },
    { key: 'stepType', type: 'text' },
    { key: 'epaks', type: 'number' },
    { key: 'medianHours', type: 'hours' },
    { key: 'p90Hours', type: 'hours' },
  ],
  chart: { label: 'step', values: ['medianHours', 'p90Hours'] },
  query: (f, scope) => sql`
    with done as materialized (
      select e.tenant_id, e.id, e.sent_on, e.completed_on from epaks e
      where ${where([
        ...epakConditions(f, scope),
        sql`e.completed_on is not null and e.sent_on is not null`,
        ...inRange(sql`e.completed_on`, f),
      ])}
    ),
    steps as (
      select ws.epak_id, ws.step_order, ws.type, max(r.acted_at) as ended
      from done d
      join workflow_states ws on ws.tenant_id = d.tenant_id and ws.epak_id = d.id
      join recipients r on r.tenant_id = ws.tenant_id and r.state_id = ws.id and r.acted_at is not null
      group by ws.epak_id, ws.step_order, ws.type
    ),
    timed as (
      select s.step_order, s.type, s.ended,
        coalesce(lag(s.ended) over (partition by s.epak_id order by s.step_order), d.sent_on) as started
      from steps s join done d on d.id = s.epak_id
    )
    select "step", "stepType", "epaks", "medianHours", "p90Hours" from (
      select 0 as sort_key, 'all' as "step", '' as "stepType", count(*)::int as "epaks",
        ${median(hours('sent_on', 'completed_on'))} as "medianHours", ${p90(hours('sent_on', 'completed_on'))} as "p90Hours"
      from done
      having count(*) > 0
      union all
      select step_order, step_order::text, min(type), count(*)::int,
        ${median(hours('started', 'ended'))}, ${p90(hours('started', 'ended'))}
      from timed group by step_order
    ) u order by sort_key`,
});
