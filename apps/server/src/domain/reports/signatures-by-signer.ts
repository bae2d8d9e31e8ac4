import { sql } from 'drizzle-orm';
import { byPeople, defineReport, epakConditions, inRange, personName, where } from './report-definition.ts';

/** Signatures (and reviews, rejections) per signer, acted in the range. */
export const signaturesBySigner = defineReport({
  id: 'signaturesBySigner',
  filters: ['dateRange', 'users', 'groups', 'policy'],
  columns: [
    { key: 'signer', type: 'text' },
    { key: 'email', type: 'text' },
    { key: 'signed', type: 'number' },
    { key: 'reviewed', type: 'number' },
    { key: 'rejected', type: 'number' },
  ],
  chart: { label: 'signer', values: ['signed'] },
  query: (f, scope) => {
    const { userIds, groupIds, ...epakFilters } = f;
    return sql`
    select ${personName('u', sql`r.email`)} as "signer", r.email as "email",
      count(*) filter (where r.status = 'Signed')::int as "signed",
      count(*) filter (where r.status = 'Reviewed')::int as "reviewed",
      count(*) filter (where r.status = 'Rejected')::int as "rejected"
    from recipients r
    join epaks e on e.tenant_id = r.tenant_id and e.id = r.epak_id
    left join users u on u.id = r.user_id
    where ${where([
      sql`r.status in ('Signed', 'Reviewed', 'Rejected') and r.acted_at is not null`,
      ...epakConditions(epakFilters, scope),
      ...byPeople(sql`r.user_id`, { userIds, groupIds }),
      ...inRange(sql`r.acted_at`, f),
    ])}
    group by r.user_id, r.email, u.first_name, u.last_name
    order by "signed" desc, r.email`;
  },
});
