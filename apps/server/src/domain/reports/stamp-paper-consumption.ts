import { INDIA_STATE_CODES, INDIA_STATE_NAMES_EN } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { defineReport, inRange, where } from './report-definition.ts';

/** The state's English name (with its code) from the ISO 3166-2:IN code a paper keeps. */
const stateName = sql`case p.state_code ${sql.join(
  INDIA_STATE_CODES.map((code) => sql`when ${code} then ${`${INDIA_STATE_NAMES_EN[code]} (${code})`}`),
  sql` `,
)} else p.state_code end`;

/**
 * Stamp papers consumed (their ePak completed) per state and denomination in the period, by the
 * date they were consumed. Admins see the tenant's; other roles the papers they composed with.
 */
export const stampPaperConsumption = defineReport({
  id: 'stampPaperConsumption',
  filters: ['dateRange'],
  columns: [
    { key: 'state', type: 'text' },
    { key: 'denomination', type: 'number' },
    { key: 'used', type: 'number' },
  ],
  chart: { label: 'denomination', values: ['used'] },
  query: (f, scope) =>
    sql`select ${stateName} as "state", p.denomination as "denomination", count(*)::int as "used"
      from stamp_papers p
      where ${where([
        sql`p.status = 'CONSUMED'`,
        ...inRange(sql`p.consumed_at`, f),
        ...(scope.ownUserId ? [sql`p.reserved_by = ${scope.ownUserId}::uuid`] : []),
      ])}
      group by p.state_code, p.denomination order by 1, 2`,
});
