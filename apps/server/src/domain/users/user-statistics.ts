import { countBy } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

/** `GET /v1/users/statistics`: member counts by status, role and type. */
export async function userStatistics(actor: Actor, deps: Deps) {
  authorizeInTenant(actor, 'users.statistics');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const byStatus = await countBy(tx, 'status');
    return {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      byStatus,
      byRole: await countBy(tx, 'role'),
      byType: await countBy(tx, 'userType'),
      custodianLimit: readTenantSettings((await findTenant(tx, actor.tenantId))?.settings).custodianLimit,
    };
  });
}
