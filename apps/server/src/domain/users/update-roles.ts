import { Code, type Role, type TenantRole } from '@signet/contracts';
import { findMembersByIds, updateMembership } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { checkCustodianLimit, checkRootGrant } from './invite-user.ts';

/**
 * `PUT /v2/users/roles`: several role changes at once, all or none. A user named twice is -6 (the
 * later entry would win while both were counted against the limit); -226 names the entries that
 * cannot change (unknown users, the actor's own role, `root` by a non-root); code 100 when the
 * custodians the change ends with would pass the limit.
 */
export async function updateRoles(actor: Actor, changes: { userId: string; role: TenantRole }[], deps: Deps) {
  authorizeInTenant(actor, 'users.updateRoles');
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const c of changes) (seen.has(c.userId) ? repeated : seen).add(c.userId);
  if (repeated.size > 0)
    throw new AppError(
      Code.INVALID_INPUT,
      `Each user may be named once in a role change; named more than once: ${[...repeated].join(', ')}`,
      { data: { userIds: [...repeated] } },
    );
  const now = deps.clock.now();
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const members = new Map(
      (
        await findMembersByIds(
          tx,
          changes.map((c) => c.userId),
        )
      ).map((m) => [m.user.id, m]),
    );
    const problems: { userId: string; reason: string }[] = [];
    for (const change of changes) {
      const member = members.get(change.userId);
      if (!member) problems.push({ userId: change.userId, reason: 'not a member of this tenant' });
      else if (change.userId === actor.userId)
        problems.push({ userId: change.userId, reason: 'you cannot change your own role' });
      else {
        try {
          checkRootGrant(actor, member.membership.role, change.role);
        } catch {
          problems.push({ userId: change.userId, reason: 'only the owner can change the owner role' });
        }
      }
    }
    if (problems.length > 0)
      throw new AppError(Code.BULK_ROLE_UPDATE_ERROR, undefined, { data: { problems } });
    const newCustodians = changes.filter(
      (c) => c.role === 'custodian' && members.get(c.userId)?.membership.role !== 'custodian',
    ).length;
    const leavingCustodians = changes.filter(
      (c) => c.role !== 'custodian' && members.get(c.userId)?.membership.role === 'custodian',
    ).length;
    // Counted on the roles the change ends with: one leaving custodian does not make room for two arriving.
    await checkCustodianLimit(tx, actor.tenantId, newCustodians, leavingCustodians);
    for (const change of changes) {
      await updateMembership(tx, change.userId, { role: change.role });
      await appendActivity(
        tx,
        {
          tenantId: actor.tenantId,
          actorUserId: actor.userId,
          action: 'user.roleChanged',
          details: {
            userId: change.userId,
            from: members.get(change.userId)?.membership.role,
            to: change.role,
          },
          ip: actor.ip,
        },
        now,
      );
    }
    return { updated: changes.length };
  });
}

/** `POST /v1/users/{userId}/admin`: makes a member an admin, or an admin a custodian again. */
export async function setAdmin(actor: Actor, userId: string, admin: boolean, deps: Deps) {
  authorizeInTenant(actor, 'users.setAdmin');
  const role: Role = admin ? 'admin' : 'custodian';
  return updateRoles(actor, [{ userId, role: role as TenantRole }], deps);
}
