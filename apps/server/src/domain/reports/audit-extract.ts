import { sql } from 'drizzle-orm';
import { byPeople, defineReport, inRange, isoText, where } from './report-definition.ts';

/** The activity log itself, in order (each tenant's chain order), for the range. */
export const auditExtract = defineReport({
  id: 'auditExtract',
  filters: ['dateRange', 'users', 'groups'],
  columns: [
    { key: 'at', type: 'date' },
    { key: 'seq', type: 'number' },
    { key: 'action', type: 'text' },
    { key: 'user', type: 'text' },
    { key: 'epakId', type: 'text' },
    { key: 'ip', type: 'text' },
    { key: 'hash', type: 'text' },
  ],
  chart: null,
  query: (f, scope) => sql`
    select ${isoText(sql`a.created_at`)} as "at", a.seq::float8 as "seq", a.action as "action",
      coalesce(u.email, a.actor_user_id::text, '') as "user", coalesce(a.epak_id::text, '') as "epakId",
      coalesce(a.ip, '') as "ip", a.hash as "hash"
    from activity_log a
    left join users u on u.id = a.actor_user_id
    where ${where([
      ...(scope.ownUserId ? [sql`a.actor_user_id = ${scope.ownUserId}::uuid`] : []),
      ...byPeople(sql`a.actor_user_id`, f),
      ...inRange(sql`a.created_at`, f),
    ])}
    order by a.tenant_id, a.seq`,
});
