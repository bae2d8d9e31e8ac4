import { Code } from '@signet/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { findMember, updateMembership } from '../../db/repositories/members.ts';
import { passwordTokens } from '../../db/schema/index.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/**
 * Cancels an open invitation: its link stops working and the membership becomes
 * `cancelInvitation`. -34 when it was already accepted, -173 when already cancelled, -35 when it
 * is not pending any more (expired).
 */
export async function cancelInvitation(actor: Actor, userId: string, deps: Deps): Promise<{ ok: true }> {
  authorizeInTenant(actor, 'users.cancelInvite');
  const now = deps.clock.now();
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    const member = await findMember(tx, userId);
    if (!member) throw new AppError(Code.USER_NOT_FOUND);
    const status = member.membership.status;
    if (status === 'enabled' || status === 'disabled') throw new AppError(Code.INVITE_ALREADY_ACCEPTED);
    if (status === 'cancelInvitation') throw new AppError(Code.INVITATION_CANCELLED);
    if (status !== 'admininvited' && status !== 'invitewithdelegation')
      throw new AppError(Code.INVITE_NOT_PENDING);
    await updateMembership(tx, userId, { status: 'cancelInvitation' });
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.userId, userId),
          eq(passwordTokens.kind, 'invite'),
          isNull(passwordTokens.usedAt),
        ),
      );
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'user.invitationCancelled',
        details: { userId },
        ip: actor.ip,
      },
      now,
    );
  });
  return { ok: true };
}

/**
 * Disables or re-enables a member of the tenant. A disabled member's sign-in and every call in
 * this tenant answer -13 at once (the membership is read on every request); their other tenants
 * are not affected.
 */
export async function setMemberEnabled(actor: Actor, userId: string, enabled: boolean, deps: Deps) {
  authorizeInTenant(actor, 'users.disable');
  if (userId === actor.userId) throw new AppError(Code.NOT_AUTHORIZED, 'You cannot disable yourself');
  const now = deps.clock.now();
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    const member = await findMember(tx, userId);
    if (!member) throw new AppError(Code.USER_NOT_FOUND);
    if (member.membership.role === 'root' && actor.role !== 'root') throw new AppError(Code.NOT_AUTHORIZED);
    const from = member.membership.status;
    if (enabled && from !== 'disabled') throw new AppError(Code.INVALID_INPUT, 'The user is not disabled');
    if (!enabled && from !== 'enabled')
      throw new AppError(Code.INVALID_INPUT, 'Only an active user can be disabled');
    await updateMembership(tx, userId, { status: enabled ? 'enabled' : 'disabled' });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: enabled ? 'user.enabled' : 'user.disabled',
        details: { userId },
        ip: actor.ip,
      },
      now,
    );
  });
  return { ok: true as const };
}
