import { sql } from 'drizzle-orm';
import { byPeople, defineReport, epakConditions, inRange, where } from './report-definition.ts';

const policyOf = sql`coalesce(r.signing_policy, ws.signing_policy)`;

/** Signatures per signing policy (the recipient's own policy, else the step's), signed in the range. */
export const signaturesByPolicy = defineReport({
  id: 'signaturesByPolicy',
  filters: ['dateRange', 'users', 'groups', 'policy'],
  columns: [
    { key: 'policy', type: 'text' },
    { key: 'signed', type: 'number' },
    { key: 'signers', type: 'number' },
  ],
  chart: { label: 'policy', values: ['signed'] },
  query: (f, scope) => {
    const { userIds, groupIds, policy, ...rest } = f;
    return sql`
    select ${policyOf} as "policy", count(*)::int as "signed", count(distinct r.user_id)::int as "signers"
    from recipients r
    join workflow_states ws on ws.tenant_id = r.tenant_id and ws.id = r.state_id
    join epaks e on e.tenant_id = r.tenant_id and e.id = r.epak_id
    where ${where([
      sql`r.status = 'Signed' and r.acted_at is not null`,
      ...epakConditions(rest, scope),
      ...byPeople(sql`r.user_id`, { userIds, groupIds }),
      ...(policy?.length ? [sql`${policyOf} = any(${sql.param([...policy])}::text[])`] : []),
      ...inRange(sql`r.acted_at`, f),
    ])}
    group by 1 order by 2 desc, 1`;
  },
});
