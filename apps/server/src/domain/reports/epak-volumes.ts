import { sql } from 'drizzle-orm';
import { defineReport, epakConditions, inRange, where } from './report-definition.ts';

/** ePaks created per day, week or month, by status. */
export const epakVolumes = defineReport({
  id: 'epakVolumes',
  filters: ['dateRange', 'period', 'users', 'groups', 'status', 'policy', 'template'],
  columns: [
    { key: 'period', type: 'date' },
    { key: 'created', type: 'number' },
    { key: 'draft', type: 'number' },
    { key: 'inProgress', type: 'number' },
    { key: 'completed', type: 'number' },
    { key: 'rejected', type: 'number' },
    { key: 'stopped', type: 'number' },
    { key: 'expired', type: 'number' },
    { key: 'archived', type: 'number' },
  ],
  chart: { label: 'period', values: ['completed', 'inProgress', 'rejected'] },
  query: (f, scope) => {
    const unit = sql.raw(`'${f.period ?? 'month'}'`);
    const n = (status: string) => sql.raw(`count(*) filter (where e.status = '${status}')::int`);
    return sql`select date_trunc(${unit}, e.created_at at time zone 'UTC')::date::text as "period",
        count(*)::int as "created", ${n('Draft')} as "draft", ${n('InProgress')} as "inProgress",
        ${n('Completed')} as "completed", ${n('Rejected')} as "rejected", ${n('Stopped')} as "stopped",
        ${n('Expired')} as "expired", ${n('Archived')} as "archived"
      from epaks e
      where ${where([...epakConditions(f, scope), ...inRange(sql`e.created_at`, f)])}
      group by 1 order by 1`;
  },
});
