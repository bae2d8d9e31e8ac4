import { type ChangePassword, Code } from '@signet/contracts';
import {
  findUserByEmail,
  findUserById,
  membershipsOf,
  revokeUserSessions,
  setPassword,
} from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { DEFAULT_TENANT_SETTINGS, readTenantSettings } from '../tenants/tenant-settings.ts';
import { checkNewPassword } from './new-password.ts';
import { verifyWithoutAccount } from './passwords.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

/**
 * `POST /v1/users/password`. Signed in, it changes the actor's password; without a session
 * (after a -73 sign-in answer) the username and the current password identify the user: a guess
 * like a sign-in, so it is slowed by the same SignInThrottle and answers -17 alike for an unknown
 * username, a wrong password and a waiting address.
 */
export async function changePassword(
  input: ChangePassword,
  actor: Actor | null,
  deps: Deps,
  origin: RequestOrigin = { ip: null, userAgent: null },
): Promise<{ ok: true }> {
  const now = deps.clock.now();
  const user = actor
    ? await findUserById(deps.db.system, actor.userId)
    : input.username
      ? await findUserByEmail(deps.db.system, input.username)
      : null;
  const throttleKey = actor ? null : SignInThrottle.keyOf(input.username ?? '', origin.ip);
  const refuse = new AppError(Code.WRONG_OLD_PASSWORD);
  if (!user) {
    if (actor || !throttleKey) throw new AppError(Code.USER_NOT_FOUND);
    const policy = DEFAULT_TENANT_SETTINGS.passwordPolicy;
    await deps.signInThrottle.refuseWhileDelayed(throttleKey, now, policy, refuse);
    await verifyWithoutAccount(deps.passwords, input.oldPassword);
    await deps.signInThrottle.recordFailure(throttleKey, now, policy);
    throw refuse;
  }
  const memberships = await membershipsOf(deps.db.system, user.id);
  const policy = readTenantSettings(
    memberships.find((m) => m.tenantId === (actor?.tenantId ?? user.defaultTenantId))?.tenantSettings ??
      memberships[0]?.tenantSettings,
  ).passwordPolicy;
  if (throttleKey) await deps.signInThrottle.refuseWhileDelayed(throttleKey, now, policy, refuse);

  if (!user.passwordHash || !(await deps.passwords.verify(user.passwordHash, input.oldPassword))) {
    if (throttleKey) await deps.signInThrottle.recordFailure(throttleKey, now, policy);
    throw refuse;
  }
  if (throttleKey) await deps.signInThrottle.recordSuccess(throttleKey);
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
