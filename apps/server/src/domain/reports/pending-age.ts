import { sql } from 'drizzle-orm';
import { defineReport, epakConditions, inRange, isoText, where } from './report-definition.ts';

/** ePaks in progress (sent in the range), oldest first, with whom they wait on and their age in days. */
export const pendingAge = defineReport({
  id: 'pendingAge',
  filters: ['dateRange', 'users', 'groups', 'policy', 'template'],
  columns: [
    { key: 'subject', type: 'text' },
    { key: 'owner', type: 'text' },
    { key: 'step', type: 'number' },
    { key: 'waitingOn', type: 'text' },
    { key: 'sentOn', type: 'date' },
    { key: 'ageDays', type: 'number' },
  ],
  chart: null,
  query: (f, scope) => sql`
    select e.subject as "subject", o.email as "owner", e.current_step_order as "step",
      (select string_agg(r.email, ', ' order by r.position) from recipients r
        where r.tenant_id = e.tenant_id and r.epak_id = e.id and r.status in ('Pending', 'DelegatePending')) as "waitingOn",
      ${isoText(sql`e.sent_on`)} as "sentOn",
      floor(extract(epoch from (${scope.now.toISOString()}::timestamptz - e.sent_on)) / 86400)::int as "ageDays"
    from epaks e
    left join users o on o.id = e.owner_id
    where ${where([...epakConditions({ ...f, status: ['InProgress'] }, scope), sql`e.sent_on is not null`, ...inRange(sql`e.sent_on`, f)])}
    order by e.sent_on, e.id`,
});
