import type { ActivityVerification } from '@signet/contracts';
import { chainOf, headOf } from '../../db/repositories/activity.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { verifyChain } from './chain.ts';

/** `GET /v2/activity/verify`: recomputes the tenant's activity chain and says where it breaks. */
export async function verifyActivity(actor: Actor, deps: Deps): Promise<ActivityVerification> {
  authorizeInTenant(actor, 'activity.verify');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) =>
    verifyChain(await chainOf(tx, tenantId), await headOf(tx, tenantId)),
  );
}
