import { Code, type Role, type User, type UserTenant } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import { findMember, findMemberByEmail, type MemberRow } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorize, authorizeInTenant } from '../policy.ts';
import { presentTenantEntry, presentUser, visibleToTenant } from './present-user.ts';

/** A member as seen from the current tenant: only this tenant appears in their tenant list. */
export async function presentMember(
  tx: Executor,
  actor: TenantActor,
  row: MemberRow,
  includeImages: boolean,
): Promise<User> {
  const tenant = await findTenant(tx, actor.tenantId);
  const m = row.membership;
  const self = row.user.id === actor.userId;
  // A photo is the person's own (issue 17): others never get it, and see the rest of the
  // profile only once the person accepted this tenant.
  return presentUser(
    self ? row.user : visibleToTenant(row.user, m),
    [{ ...m, tenantName: tenant?.name ?? '' }],
    { role: m.role as Role, status: m.status, userType: m.userType },
    includeImages && self,
  );
}

/** `GET /v1/users/{userId}/{includeImages}`. */
export async function getUser(
  actor: Actor,
  userId: string,
  includeImages: boolean,
  deps: Deps,
): Promise<User> {
  authorizeInTenant(actor, 'users.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await findMember(tx, userId);
    if (!row) throw new AppError(Code.USER_NOT_FOUND);
    return presentMember(tx, actor, row, includeImages);
  });
}

/** `GET /v1/user?email=`: a member by email (adding a known signer). */
export async function getUserByEmail(actor: Actor, email: string, deps: Deps): Promise<User> {
  authorizeInTenant(actor, 'users.lookup');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await findMemberByEmail(tx, email);
    if (!row) throw new AppError(Code.USER_NOT_FOUND);
    return presentMember(tx, actor, row, false);
  });
}

/** `GET /v2/users/{userId}/tenants`: the user's own tenant list (the tenant switcher). */
export async function getUserTenants(actor: Actor, userId: string, deps: Deps): Promise<UserTenant[]> {
  authorize(actor, 'configuration.read');
  if (userId !== actor.userId)
    throw new AppError(Code.NOT_AUTHORIZED, 'Only the user may list their own tenants');
  const user = await findUserById(deps.db.system, userId);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  const memberships = await membershipsOf(deps.db.system, userId);
  return memberships.map((m) => presentTenantEntry(m, user.passwordState));
}
