import { Code, type User } from '@signet/contracts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { presentUser } from './present-user.ts';

/** The signed-in user with all their tenants (they may see their own memberships). */
export async function currentUser(actor: Actor, deps: Deps): Promise<User> {
  const user = await findUserById(deps.db.system, actor.userId);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  const memberships = await membershipsOf(deps.db.system, user.id);
  const current = memberships.find((m) => m.tenantId === actor.tenantId);
  return presentUser(
    user,
    memberships,
    { role: actor.role, status: current?.status ?? 'enabled', userType: current?.userType ?? 'internal' },
    true,
  );
}
