import type { Role, TokenResponse } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  createSession,
  insertRefreshToken,
  membershipsOf,
  type UserRow,
} from '../../db/repositories/accounts.ts';
import { shareProfileWith } from '../../db/repositories/invitations.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { addSeconds } from '../clock.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { presentUser } from '../users/present-user.ts';
import { randomToken, tokenDigest } from './tokens.ts';

/** Access token and refresh token for a session, plus the user as the client shows it. */
export async function tokenResponse(
  deps: Deps,
  user: UserRow,
  session: { id: string; tenantId: string | null; role: Role; ip: string | null },
  refreshToken: string,
): Promise<TokenResponse> {
  const ttl = deps.settings.accessTokenTtlSeconds;
  const { token } = await deps.tokens.sign(
    {
      userId: user.id,
      sessionId: session.id,
      tenantId: session.tenantId,
      ip: deps.settings.bindTokenToIp ? session.ip : null,
    },
    ttl,
  );
  const memberships = await membershipsOf(deps.db.system, user.id);
  const current = memberships.find((m) => m.tenantId === session.tenantId);
  const presented = presentUser(
    user,
    memberships,
    current
      ? { role: session.role, status: current.status, userType: current.userType }
      : { role: session.role, status: 'enabled', userType: 'internal' },
    true,
  );
  return {
    msb_token: token,
    access_token: token,
    refresh_token: refreshToken,
    token_type: 'bearer',
    scope: 'openid profile',
    expires_in: ttl,
    jwt_expires_in: ttl,
    uistokenexpiresin: ttl,
    defaultTenantId: session.tenantId,
    user: presented,
    tenants: presented.userTenantList,
  };
}

/** Starts a session (a refresh-token family) after a successful sign-in. */
export async function issueSession(
  deps: Deps,
  user: UserRow,
  chosen: { tenantId: string | null; role: Role },
  origin: RequestOrigin,
  how: string,
  /** The tenant OAuth client the session is granted to, if any. */
  oauthClientId: string | null = null,
  /** More about the session, written in the transaction that creates it (single sign-on's tenant). */
  alongside?: (tx: Executor, sessionId: string) => Promise<void>,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const refreshToken = randomToken();
  const sessionId = await deps.db.systemTx(async (tx) => {
    const id = await createSession(tx, {
      userId: user.id,
      tenantId: chosen.tenantId,
      ip: origin.ip,
      userAgent: origin.userAgent,
      expiresAt: addSeconds(now, deps.settings.refreshTokenTtlSeconds),
      oauthClientId,
    });
    await alongside?.(tx, id);
    if (chosen.tenantId) await shareProfileWith(tx, user.id, chosen.tenantId);
    await insertRefreshToken(tx, {
      tokenHash: tokenDigest(refreshToken),
      sessionId: id,
      expiresAt: addSeconds(now, deps.settings.refreshTokenTtlSeconds),
    });
    return id;
  });
  if (chosen.tenantId) {
    const tenantId = chosen.tenantId;
    await deps.db.withTenant(tenantId, (tx) =>
      appendActivity(
        tx,
        {
          tenantId,
          actorUserId: user.id,
          action: 'auth.signIn',
          details: oauthClientId ? { how, clientId: oauthClientId } : { how },
          ip: origin.ip,
        },
        now,
      ),
    );
  }
  return tokenResponse(deps, user, { id: sessionId, ...chosen, ip: origin.ip }, refreshToken);
}
