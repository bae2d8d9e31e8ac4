import { type ChangePassword, Code } from '@signet/contracts';
import {
  findUserByEmail,
  findUserById,
  membershipsOf,
  recordFailedSignIn,
  revokeUserSessions,
  setPassword,
} from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { checkNewPassword } from './new-password.ts';

/**
 * `POST /v1/users/password`. Signed in, it changes the actor's password; without a session
 * (after a -73 sign-in answer) the username and the current password identify the user, and a
 * wrong one counts towards the lockout like a failed sign-in.
 */
export async function changePassword(
  input: ChangePassword,
  actor: Actor | null,
  deps: Deps,
): Promise<{ ok: true }> {
  const now = deps.clock.now();
  const user = actor
    ? await findUserById(deps.db.system, actor.userId)
    : input.username
      ? await findUserByEmail(deps.db.system, input.username)
      : null;
  if (!user) throw new AppError(actor ? Code.USER_NOT_FOUND : Code.WRONG_OLD_PASSWORD);
  if (user.lockedUntil && user.lockedUntil > now) throw new AppError(Code.USER_LOCKED);
  const memberships = await membershipsOf(deps.db.system, user.id);
  const policy = readTenantSettings(
    memberships.find((m) => m.tenantId === (actor?.tenantId ?? user.defaultTenantId))?.tenantSettings ??
      memberships[0]?.tenantSettings,
  ).passwordPolicy;

  if (!user.passwordHash || !(await deps.passwords.verify(user.passwordHash, input.oldPassword))) {
    if (!actor) {
      const failures = user.failedLogins + 1;
      const lock = failures >= policy.lockoutThreshold ? addSeconds(now, policy.lockoutMinutes * 60) : null;
      await recordFailedSignIn(deps.db.system, user.id, lock);
      if (lock) throw new AppError(Code.USER_LOCKED);
    }
    throw new AppError(Code.WRONG_OLD_PASSWORD);
  }
  checkNewPassword(input.newPassword, input.confirmPassword, policy);
  if (await deps.passwords.verify(user.passwordHash, input.newPassword)) {
    throw new AppError(Code.INVALID_PASSWORD, 'The new password must differ from the current one');
  }
  const digest = await deps.passwords.hash(input.newPassword);
  await deps.db.systemTx(async (tx) => {
    await setPassword(tx, user.id, digest, 'set', now);
    // Other devices must sign in again; the current session continues.
    await revokeUserSessions(tx, user.id, 'password changed', now, actor?.sessionId);
  });
  return { ok: true };
}
