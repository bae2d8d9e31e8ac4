import type { TokenRequest, TokenResponse } from '@signet/contracts';
import { refreshSession } from '../auth/refresh-session.ts';
import { signIn } from '../auth/sign-in.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { exchangeAuthorizationCode } from './authorization-code.ts';
import { authenticateClient } from './oauth-clients.ts';

/**
 * `/public/token` and `/public/access_token`: a client proves itself, then its grant runs. A
 * tenant's client signs people into its own tenant only, and its sessions are its own (their
 * refresh tokens work for it alone, and their ePaks take its callback URL).
 */
export async function grantForClient(
  input: TokenRequest,
  tenantHeader: string | undefined,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse> {
  const client = await authenticateClient(input.client_id, input.client_secret, input.grant_type, deps);
  const tenantClientId = client.tenantId ? client.clientId : null;
  switch (input.grant_type) {
    case 'password':
      return signIn(
        {
          username: input.username,
          password: input.password,
          tenantId: client.tenantId ?? tenantHeader ?? null,
          oauthClientId: tenantClientId,
        },
        origin,
        deps,
      );
    case 'refresh_token':
      return refreshSession(input.refresh_token, origin, deps, { tenantClientId });
    case 'authorization_code':
      return exchangeAuthorizationCode(client, input.code, input.redirect_uri, origin, deps);
  }
}
