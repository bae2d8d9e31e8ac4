import {
  AUTHORIZATION_CODE_TTL_SECONDS,
  type AuthorizeRequest,
  Code,
  type Role,
  type TokenResponse,
} from '@signet/contracts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import {
  consumeAuthorizationCode,
  insertAuthorizationCode,
  listOAuthClients,
} from '../../db/repositories/integrations.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { issueSession } from '../auth/issue-session.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import type { AuthenticatedClient } from './oauth-clients.ts';

/**
 * The authorization-code flow (issue 7). The web app's `/login?redirect_uri=…&state=…` signs the
 * user in and calls `issueAuthorizationCode`; the browser goes to `redirect_uri?code=…&state=…`,
 * and the integration exchanges the code at `/public/token` with its client credentials.
 */
export async function issueAuthorizationCode(
  actor: Actor,
  request: AuthorizeRequest,
  deps: Deps,
): Promise<{ redirectTo: string }> {
  authorizeInTenant(actor, 'oauth.authorize');
  const tenantId = actor.tenantId;
  const clients = await deps.db.withTenant(tenantId, (tx) => listOAuthClients(tx));
  const registered = clients.filter(
    (c) =>
      c.redirectUris.includes(request.redirect_uri) &&
      (!request.client_id || c.clientId === request.client_id),
  );
  if (registered.length === 0)
    throw new AppError(
      Code.INVALID_INPUT,
      'This redirect URI is not registered for an integration of your organisation',
    );
  if (registered.length > 1)
    throw new AppError(
      Code.INVALID_INPUT,
      'Several integrations registered this redirect URI: say which (client_id)',
    );
  const client = registered[0] as (typeof registered)[number];
  if (!client.grants.includes('authorization_code'))
    throw new AppError(Code.NOT_AUTHORIZED, 'This integration may not use the authorization_code grant');
  const code = randomToken();
  const now = deps.clock.now();
  await insertAuthorizationCode(deps.db.system, {
    codeHash: tokenDigest(code),
    tenantId,
    clientId: client.clientId,
    userId: actor.userId,
    redirectUri: request.redirect_uri,
    expiresAt: addSeconds(now, AUTHORIZATION_CODE_TTL_SECONDS),
  });
  const target = new URL(request.redirect_uri);
  target.searchParams.set('code', code);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  return { redirectTo: target.toString() };
}

/**
 * Exchanges a code for tokens: once, within its lifetime, by the client it was issued to, for
 * the URI it was issued for. Every failure answers alike (-45), so a guessed code learns nothing.
 */
export async function exchangeAuthorizationCode(
  client: AuthenticatedClient,
  code: string,
  redirectUri: string | undefined,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse> {
  const refused = new AppError(Code.INVALID_TOKEN, 'This code is unknown, used or expired');
  const row = await consumeAuthorizationCode(deps.db.system, tokenDigest(code));
  if (!row || row.expiresAt <= deps.clock.now() || row.clientId !== client.clientId) throw refused;
  if (redirectUri !== undefined && redirectUri !== row.redirectUri) throw refused;
  const user = await findUserById(deps.db.system, row.userId);
  const membership = (await membershipsOf(deps.db.system, row.userId)).find(
    (m) => m.tenantId === row.tenantId,
  );
  if (!user || membership?.status !== 'enabled' || membership.tenantStatus !== 'active')
    throw new AppError(Code.NOT_AUTHORIZED, 'This user can no longer use the organisation');
  return issueSession(
    deps,
    user,
    { tenantId: row.tenantId, role: membership.role as Role },
    origin,
    'authorizationCode',
    client.clientId,
  );
}
