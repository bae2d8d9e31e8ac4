import { Code } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error.ts';
import { defineReport, isoText } from './report-definition.ts';

/** First day of a quarter `YYYY-Qn` (UTC), or of the quarter `now` is in. */
export function quarterStart(quarter: string | undefined, now: Date): Date {
  if (!quarter) return new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  return new Date(Date.UTC(year, (q - 1) * 3, 1));
}

/**
 * The quarterly retention list: completed ePaks whose retention date falls in the quarter (they
 * are archived then). Admins only (-149); a quarter already over is -148 (its ePaks are gone).
 */
export const retentionList = defineReport({
  id: 'retentionList',
  filters: ['quarter'],
  adminOnly: true,
  columns: [
    { key: 'subject', type: 'text' },
    { key: 'owner', type: 'text' },
    { key: 'completedOn', type: 'date' },
    { key: 'retentionDate', type: 'date' },
  ],
  chart: null,
  check: (f, scope) => {
    if (quarterStart(f.quarter, scope.now) < quarterStart(undefined, scope.now))
      throw new AppError(
        Code.QUARTERLY_RETENTION_LIST,
        'The quarterly retention list covers the current quarter and later ones',
      );
  },
  query: (f, scope) => {
    const start = quarterStart(f.quarter, scope.now);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 1));
    return sql`
    select e.subject as "subject", coalesce(o.email, '') as "owner", ${isoText(sql`e.completed_on`)} as "completedOn",
      ${isoText(sql`e.retention_date`)} as "retentionDate"
    from epaks e left join users o on o.id = e.owner_id
    where e.status = 'Completed' and e.retention_date >= ${start.toISOString()}::timestamptz
      and e.retention_date < ${end.toISOString()}::timestamptz
    order by e.retention_date, e.id`;
  },
});
