import { Code, type TokenResponse } from '@signet/contracts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { chooseTenant } from './choose-tenant.ts';
import { issueSession } from './issue-session.ts';
import { checkOneTimeCode } from './one-time-codes.ts';

/** `POST /v2/authentication/otp/verify`: the second factor of a sign-in; answers the tokens. */
export async function verifySignInOtp(
  input: { otpId: string; otp: string },
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse> {
  const code = await checkOneTimeCode(input.otpId, input.otp, { purpose: 'login' }, deps);
  const user = await findUserById(deps.db.system, code.userId);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  const tenantId = typeof code.context.tenantId === 'string' ? code.context.tenantId : null;
  // Access may have changed while the code was in the mail: choose again.
  const chosen = chooseTenant({
    memberships: await membershipsOf(deps.db.system, user.id),
    requestedTenantId: tenantId,
    defaultTenantId: user.defaultTenantId,
    superAdmin: user.superAdminStatus === 'enabled',
  });
  return issueSession(deps, user, chosen, origin, 'password+otp');
}
