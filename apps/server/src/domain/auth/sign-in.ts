import { Code, PENDING_INVITE_STATUSES, type TokenResponse } from '@signet/contracts';
import {
  clearFailedSignIns,
  findUserByEmail,
  lapseExpiredInvitations,
  type MembershipRow,
  membershipsOf,
  setPasswordState,
  type UserRow,
} from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { DEFAULT_TENANT_SETTINGS, readTenantSettings } from '../tenants/tenant-settings.ts';
import { chooseTenant, LAPSED_INVITE_STATUSES, refuseLapsedInvitation } from './choose-tenant.ts';
import { issueSession } from './issue-session.ts';
import { startSignInChallenge } from './one-time-codes.ts';
import { verifyWithoutAccount } from './passwords.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

export interface SignInInput {
  username: string;
  password: string;
  tenantId?: string | null;
  /** A tenant OAuth client signing its user in: the session is its, in its tenant. */
  oauthClientId?: string | null;
}

/**
 * Password sign-in. Unknown users, wrong passwords and an address made to wait all answer -16
 * alike (an unknown user's password is hashed too), so the answer does not tell which emails
 * have accounts. Failures slow down the address they come from on that account (SignInThrottle),
 * never lock the account: its owner signs in from elsewhere. A password that must be changed answers
 * -73 with `expired` or `resetpassword`; a tenant with two-factor answers -200 with a challenge.
 * An invitation that ran out before it was accepted answers -15 (user expired) for its tenant.
 */
export async function signIn(input: SignInInput, origin: RequestOrigin, deps: Deps): Promise<TokenResponse> {
  const now = deps.clock.now();
  const user = await findUserByEmail(deps.db.system, input.username);
  const throttleKey = SignInThrottle.keyOf(input.username, origin.ip);
  if (!user) {
    const policy = DEFAULT_TENANT_SETTINGS.passwordPolicy;
    await deps.signInThrottle.refuseWhileDelayed(throttleKey, now, policy);
    await verifyWithoutAccount(deps.passwords, input.password);
    await deps.signInThrottle.recordFailure(throttleKey, now, policy);
    throw new AppError(Code.INVALID_PASSWORD, 'Wrong username or password');
  }

  let memberships = await membershipsOf(deps.db.system, user.id);
  // Nothing expires invitations on a timer: their person finds out here, or at the dead link.
  const pending = (m: MembershipRow) => PENDING_INVITE_STATUSES.includes(m.status as never);
  if (memberships.some(pending) && (await lapseExpiredInvitations(deps.db.system, user.id, now)).length > 0) {
    memberships = await membershipsOf(deps.db.system, user.id);
  }
  const policy = readTenantSettings(
    memberships.find((m) => m.tenantId === user.defaultTenantId)?.tenantSettings ??
      memberships[0]?.tenantSettings,
  ).passwordPolicy;
  await deps.signInThrottle.refuseWhileDelayed(throttleKey, now, policy);

  if (!user.passwordHash) {
    // No password to check: as with -75, the answer is about the invitation, not the person.
    const concerned = input.tenantId ? memberships.filter((m) => m.tenantId === input.tenantId) : memberships;
    const lapsed = concerned.find((m) => LAPSED_INVITE_STATUSES.has(m.status));
    if (lapsed && !concerned.some(pending)) refuseLapsedInvitation(lapsed.status);
    throw new AppError(Code.USER_NOT_REGISTERED, 'Set your password from the invitation first');
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    await deps.signInThrottle.recordFailure(throttleKey, now, policy);
    throw new AppError(Code.INVALID_PASSWORD, 'Wrong username or password');
  }
  await deps.signInThrottle.recordSuccess(throttleKey);
  // Counters of the former hard lock, cleared as the owner proves the password.
  if (user.failedLogins > 0 || user.lockedUntil) await clearFailedSignIns(deps.db.system, user.id);

  const chosen = chooseTenant({
    memberships,
    requestedTenantId: input.tenantId ?? null,
    defaultTenantId: user.defaultTenantId,
    superAdmin: user.superAdminStatus === 'enabled',
  });
  await refuseIfPasswordMustChange(user, policy.expiryDays, now, deps);

  const settings = chosen.tenantId
    ? readTenantSettings(memberships.find((m) => m.tenantId === chosen.tenantId)?.tenantSettings)
    : DEFAULT_TENANT_SETTINGS;
  if (settings.twoFactor) {
    const challenge = await startSignInChallenge(user, chosen.tenantId, deps, origin.language);
    throw new AppError(Code.TWO_FACTOR_REQUIRED, 'Enter the code we sent to your email', { data: challenge });
  }
  return issueSession(deps, user, chosen, origin, 'password', input.oauthClientId ?? null);
}

async function refuseIfPasswordMustChange(
  user: UserRow,
  expiryDays: number,
  now: Date,
  deps: Deps,
): Promise<void> {
  let state = user.passwordState;
  const changedAt = user.passwordChangedAt ?? user.createdAt;
  if (state === 'set' && expiryDays > 0 && changedAt.getTime() + expiryDays * 86_400_000 < now.getTime()) {
    state = 'expired';
    await setPasswordState(deps.db.system, user.id, 'expired');
  }
  if (state === 'expired' || state === 'resetpassword') {
    throw new AppError(Code.USER_NOT_ENABLED, 'Change your password to continue', { data: state });
  }
}
