import { sql } from 'drizzle-orm';
import { byPeople, defineReport, epakConditions, inRange, isoText, where } from './report-definition.ts';

/** Every rejection in the range, with its reason and comment, newest first. */
export const rejections = defineReport({
  id: 'rejections',
  filters: ['dateRange', 'users', 'groups', 'policy', 'template'],
  columns: [
    { key: 'rejectedAt', type: 'date' },
    { key: 'subject', type: 'text' },
    { key: 'rejectedBy', type: 'text' },
    { key: 'reason', type: 'text' },
    { key: 'comment', type: 'text' },
  ],
  chart: null,
  query: (f, scope) => {
    const { userIds, groupIds, ...rest } = f;
    return sql`
    select ${isoText(sql`r.acted_at`)} as "rejectedAt", e.subject as "subject", r.email as "rejectedBy",
      coalesce(r.reason, '') as "reason", coalesce(r.comment, '') as "comment"
    from recipients r
    join epaks e on e.tenant_id = r.tenant_id and e.id = r.epak_id
    where ${where([
      sql`r.status = 'Rejected' and r.acted_at is not null`,
      ...epakConditions(rest, scope),
      ...byPeople(sql`r.user_id`, { userIds, groupIds }),
      ...inRange(sql`r.acted_at`, f),
    ])}
    order by r.acted_at desc, r.id`;
  },
});
