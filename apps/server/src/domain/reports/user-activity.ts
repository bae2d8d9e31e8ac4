import { sql } from 'drizzle-orm';
import { byPeople, defineReport, inRange, isoText, personName, where } from './report-definition.ts';

/** What each person did in the range, from the activity log: actions, sign-ins, signatures, last action. */
export const userActivity = defineReport({
  id: 'userActivity',
  filters: ['dateRange', 'users', 'groups'],
  columns: [
    { key: 'user', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'actions', type: 'number' },
    { key: 'signIns', type: 'number' },
    { key: 'signatures', type: 'number' },
    { key: 'lastActive', type: 'date' },
  ],
  chart: { label: 'user', values: ['actions'] },
  query: (f, scope) => sql`
    select ${personName('u', sql`coalesce(u.email, a.actor_user_id::text)`)} as "user", coalesce(u.email, '') as "email",
      count(*)::int as "actions",
      count(*) filter (where a.action = 'auth.signIn')::int as "signIns",
      count(*) filter (where a.action = 'document.signed')::int as "signatures",
      ${isoText(sql`max(a.created_at)`)} as "lastActive"
    from activity_log a
    left join users u on u.id = a.actor_user_id
    where ${where([
      sql`a.actor_user_id is not null`,
      ...(scope.ownUserId ? [sql`a.actor_user_id = ${scope.ownUserId}::uuid`] : []),
      ...byPeople(sql`a.actor_user_id`, f),
      ...inRange(sql`a.created_at`, f),
    ])}
    group by a.actor_user_id, u.email, u.first_name, u.last_name
    order by "actions" desc, 2`,
});
