import { Code, PENDING_INVITE_STATUSES, type TokenResponse } from '@signet/contracts';
import {
  clearFailedSignIns,
  findUserByEmail,
  lapseExpiredInvitations,
  type MembershipRow,
  membershipsOf,
  recordFailedSignIn,
  setPasswordState,
  type UserRow,
} from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { DEFAULT_TENANT_SETTINGS, readTenantSettings } from '../tenants/tenant-settings.ts';
import { chooseTenant, LAPSED_INVITE_STATUSES, refuseLapsedInvitation } from './choose-tenant.ts';
import { issueSession } from './issue-session.ts';
import { startSignInChallenge } from './one-time-codes.ts';

export interface SignInInput {
  username: string;
  password: string;
  tenantId?: string | null;
  /** A tenant OAuth client signing its user in: the session is its, in its tenant. */
  oauthClientId?: string | null;
}

/**
 * Password sign-in. Unknown users and wrong passwords both answer -16, so the answer does not
 * tell which emails have accounts. N wrong passwords in a row lock the account (-14) for the
 * policy's lockout time; a password change unlocks it. A password that must be changed answers
 * -73 with `expired` or `resetpassword`; a tenant with two-factor answers -200 with a challenge.
 * An invitation that ran out before it was accepted answers -15 (user expired) for its tenant.
 */
export async function signIn(input: SignInInput, origin: RequestOrigin, deps: Deps): Promise<TokenResponse> {
  const now = deps.clock.now();
  const user = await findUserByEmail(deps.db.system, input.username);
  if (!user) throw new AppError(Code.INVALID_PASSWORD, 'Wrong username or password');
  if (user.lockedUntil && user.lockedUntil > now) throw new AppError(Code.USER_LOCKED);

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

  if (!user.passwordHash) {
    // No password to check: as with -75, the answer is about the invitation, not the person.
    const concerned = input.tenantId ? memberships.filter((m) => m.tenantId === input.tenantId) : memberships;
    const lapsed = concerned.find((m) => LAPSED_INVITE_STATUSES.has(m.status));
    if (lapsed && !concerned.some(pending)) refuseLapsedInvitation(lapsed.status);
    throw new AppError(Code.USER_NOT_REGISTERED, 'Set your password from the invitation first');
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    const failures = user.failedLogins + 1;
    const lock = failures >= policy.lockoutThreshold ? addSeconds(now, policy.lockoutMinutes * 60) : null;
    await recordFailedSignIn(deps.db.system, user.id, lock);
    if (lock) throw new AppError(Code.USER_LOCKED);
    throw new AppError(Code.INVALID_PASSWORD, 'Wrong username or password');
  }
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
