import { Code, type Role, type TokenResponse } from '@signet/contracts';
import {
  findRefreshToken,
  findUserById,
  insertRefreshToken,
  membershipsOf,
  revokeSession,
  useRefreshToken,
} from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { chooseTenant } from './choose-tenant.ts';
import { tokenResponse } from './issue-session.ts';
import { randomToken, tokenDigest } from './tokens.ts';

/**
 * Exchanges a refresh token for new tokens. Each refresh token works once; presenting one that
 * was already used means it was copied, so the whole session (its token family) is revoked.
 */
export async function refreshSession(
  refreshToken: string,
  origin: RequestOrigin,
  deps: Deps,
  /** At `/public/token`: the client asking (null for the built-in one); a session refreshes only for its own client. */
  client?: { tenantClientId: string | null },
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const digest = tokenDigest(refreshToken);
  const found = await findRefreshToken(deps.db.system, digest);
  if (!found) throw new AppError(Code.SESSION_ENDED, 'Unable to recover session');
  const { token, session } = found;
  if (client && (session.oauthClientId ?? null) !== client.tenantClientId)
    throw new AppError(Code.SESSION_ENDED, 'This refresh token was issued to another client');
  if (token.usedAt || !(await useRefreshToken(deps.db.system, digest, now))) {
    await revokeSession(deps.db.system, session.id, 'refresh token reused', now);
    deps.log.warn({ sessionId: session.id, userId: session.userId }, 'refresh token reuse: session revoked');
    throw new AppError(Code.SESSION_ENDED, 'This session was ended because its refresh token was used twice');
  }
  if (session.revokedAt) throw new AppError(Code.SESSION_ENDED);
  if (token.expiresAt <= now || session.expiresAt <= now)
    throw new AppError(Code.SESSION_ENDED, 'The session has expired');

  const user = await findUserById(deps.db.system, session.userId);
  if (!user) throw new AppError(Code.SESSION_ENDED);
  if (user.lockedUntil && user.lockedUntil > now) throw new AppError(Code.USER_LOCKED);
  let chosen: { tenantId: string | null; role: Role };
  try {
    // A link session stays on its tenant as a signer; each request re-checks the membership.
    chosen =
      session.scopeEpakId && session.tenantId
        ? { tenantId: session.tenantId, role: 'signer' }
        : chooseTenant({
            memberships: await membershipsOf(deps.db.system, user.id),
            requestedTenantId: session.tenantId,
            defaultTenantId: user.defaultTenantId,
            superAdmin: user.superAdminStatus === 'enabled',
          });
  } catch (error) {
    await revokeSession(deps.db.system, session.id, 'access withdrawn', now);
    throw error;
  }
  const next = randomToken();
  await insertRefreshToken(deps.db.system, {
    tokenHash: tokenDigest(next),
    sessionId: session.id,
    expiresAt: session.expiresAt,
  });
  return tokenResponse(deps, user, { id: session.id, ...chosen, ip: origin.ip }, next);
}
