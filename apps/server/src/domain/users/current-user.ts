import { Code, type User } from '@signet/contracts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { presentUser } from './present-user.ts';

/**
 * The signed-in user with all their tenants (they may see their own memberships). A session
 * opened from an easy-sign link, which anyone the mail was forwarded to may hold, sees the
 * link's tenant only and no photo; one opened through a tenant's provider sees that tenant only.
 */
export async function currentUser(actor: Actor, deps: Deps): Promise<User> {
  const user = await findUserById(deps.db.system, actor.userId);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  const memberships = await membershipsOf(deps.db.system, user.id);
  const current = memberships.find((m) => m.tenantId === actor.tenantId);
  const linkSession = Boolean(actor.scopeEpakId);
  // A single sign-on session cannot switch tenants, so it is not offered the others.
  const oneTenant = linkSession || actor.singleTenant === true;
  return presentUser(
    user,
    oneTenant ? memberships.filter((m) => m === current) : memberships,
    { role: actor.role, status: current?.status ?? 'enabled', userType: current?.userType ?? 'internal' },
    !linkSession,
  );
}
