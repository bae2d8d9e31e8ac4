import { Code, type PasswordPolicy, PENDING_INVITE_STATUSES, type SetPassword } from '@signet/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  expirePasswordTokens,
  findPasswordToken,
  findUserById,
  membershipsOf,
  revokeUserSessions,
  setPassword,
  usePasswordToken,
} from '../../db/repositories/accounts.ts';
import { users, userTenants } from '../../db/schema/index.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { checkNewPassword } from './new-password.ts';
import { tokenDigest } from './tokens.ts';

type PasswordTokenRow = NonNullable<Awaited<ReturnType<typeof findPasswordToken>>>;

/**
 * Reads a password link's token: -45 when unknown, used or expired. An expired invitation marks
 * the membership `admininviteexpired`; a cancelled one answers -173.
 */
export async function openPasswordLink(token: string, deps: Deps) {
  const now = deps.clock.now();
  const row = await findPasswordToken(deps.db.system, tokenDigest(token));
  const user = row ? await findUserById(deps.db.system, row.userId) : null;
  if (!row || !user) throw new AppError(Code.INVALID_TOKEN, 'This link is not valid');
  const memberships = await membershipsOf(deps.db.system, user.id);
  const invited = row.kind === 'invite' ? memberships.find((m) => m.tenantId === row.tenantId) : undefined;
  // A cancelled invitation says so, though cancelling also spent its link.
  if (invited?.status === 'cancelInvitation') throw new AppError(Code.INVITATION_CANCELLED);
  if (row.usedAt) throw new AppError(Code.INVALID_TOKEN, 'This link was already used');
  if (row.expiresAt <= now) {
    if (invited && PENDING_INVITE_STATUSES.includes(invited.status as never)) {
      const next =
        invited.status === 'invitewithdelegation' ? 'delegationinviteexpired' : 'admininviteexpired';
      await deps.db.system
        .update(userTenants)
        .set({ status: next })
        .where(and(eq(userTenants.tenantId, invited.tenantId), eq(userTenants.userId, user.id)));
    }
    throw new AppError(Code.INVALID_TOKEN, 'This link has expired; ask for a new one');
  }
  const policy: PasswordPolicy = readTenantSettings(
    invited?.tenantSettings ??
      memberships.find((m) => m.tenantId === user.defaultTenantId)?.tenantSettings ??
      memberships[0]?.tenantSettings,
  ).passwordPolicy;
  return { row, user, invited, policy };
}

/**
 * Sets the password from a link and accepts an invitation it carries. The token works once, the
 * email counts as verified, the account is unlocked and earlier sessions end.
 */
export async function completePasswordLink(
  link: {
    row: PasswordTokenRow;
    user: { id: string };
    invited: { tenantId: string; status: string } | undefined;
  },
  newPassword: string,
  profile: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'middleName' | 'lastName' | 'title'>>,
  deps: Deps,
): Promise<void> {
  const now = deps.clock.now();
  const digest = await deps.passwords.hash(newPassword);
  await deps.db.systemTx(async (tx: Executor) => {
    if (!(await usePasswordToken(tx, link.row.tokenHash, now))) {
      throw new AppError(Code.INVALID_TOKEN, 'This link was already used');
    }
    await setPassword(tx, link.user.id, digest, 'set', now);
    await tx
      .update(users)
      .set({
        ...profile,
        verified: true,
        ...(link.invited ? { defaultTenantId: link.invited.tenantId } : {}),
      })
      .where(eq(users.id, link.user.id));
    await expirePasswordTokens(tx, link.user.id, 'reset', now);
    await revokeUserSessions(tx, link.user.id, 'password set', now);
    if (link.invited && PENDING_INVITE_STATUSES.includes(link.invited.status as never)) {
      await tx
        .update(userTenants)
        .set({ status: 'enabled', profileShared: true })
        .where(and(eq(userTenants.tenantId, link.invited.tenantId), eq(userTenants.userId, link.user.id)));
    }
  });
  const tenantId = link.invited?.tenantId;
  if (tenantId) {
    await deps.db.withTenant(tenantId, (tx) =>
      appendActivity(tx, { tenantId, actorUserId: link.user.id, action: 'user.invitationAccepted' }, now),
    );
  }
}

/** `POST /public/users/password`: a new password from a reset link or an invitation link. */
export async function setPasswordFromLink(input: SetPassword, deps: Deps): Promise<{ ok: true }> {
  const link = await openPasswordLink(input.token, deps);
  checkNewPassword(input.newPassword, input.confirmPassword, link.policy);
  await completePasswordLink(link, input.newPassword, {}, deps);
  return { ok: true };
}
