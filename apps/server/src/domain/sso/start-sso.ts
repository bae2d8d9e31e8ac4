import { Code, SSO_LOGIN_TTL_SECONDS, type SsoButton, type SsoStartInput } from '@signet/contracts';
import {
  deleteStaleSsoLoginStates,
  findSsoProvider,
  insertSsoLoginState,
  type SsoProviderRow,
} from '../../db/repositories/sso.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { discoverProvider, oidc } from './oidc-client.ts';
import { openSecret, redirectUriOf } from './sso-settings.ts';

/** The master-key context of a sign-in's nonce and verifier: bound to its state. */
export const stateContext = (stateHash: string) => `sso-state:${stateHash}`;

/** A local page of the app (`/x…`), never another site (`//host`, `/\host`). */
function localPath(next: string | null | undefined): string | null {
  return next && /^\/(?![/\\])/.test(next) ? next : null;
}

/** The tenant's enabled provider, or null: no provider, a disabled one and no such tenant look alike. */
export async function enabledProvider(tenantId: string, deps: Deps): Promise<SsoProviderRow | null> {
  const row = await deps.db.withTenant(tenantId, (tx) => findSsoProvider(tx, tenantId));
  return row?.enabled ? row : null;
}

/**
 * `GET /public/sso/{tenantId}`: the login page's button. The tenant is named by the link its admin
 * hands out (`/login?sso=<tenant id>`); an id is not guessable and the answer is the same for an
 * unknown tenant and one without a provider, so nothing can be listed through it.
 */
export async function ssoButton(tenantId: string, deps: Deps): Promise<SsoButton> {
  const row = await enabledProvider(tenantId, deps);
  return { providerName: row?.displayName ?? null };
}

/**
 * `POST /public/sso/start`: a new state, nonce and PKCE verifier, kept server-side (the nonce and
 * verifier sealed) for 10 minutes and bound to this browser by the cookie key answered here; the
 * answer is the provider's authorization URL. Abandoned states are swept on the way.
 */
export async function startSsoSignIn(
  input: SsoStartInput,
  deps: Deps,
): Promise<{ authorizationUrl: string; browserKey: string }> {
  const row = await enabledProvider(input.tenantId, deps);
  if (!row) throw new AppError(Code.GENERIC_ERROR, 'Single sign-on is not set up for this organisation');
  const tenant = await deps.db.withTenant(input.tenantId, (tx) => findTenant(tx, input.tenantId));
  if (tenant?.status !== 'active') throw new AppError(Code.TRIAL_EXPIRED, 'This organisation is not active');
  const config = await discoverProvider(
    { issuer: row.issuer, clientId: row.clientId, clientSecret: openSecret(row, deps) },
    deps,
  );
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserKey = randomToken();
  const stateHash = tokenDigest(state);
  const now = deps.clock.now();
  const sealed = deps.vault.seal(
    new TextEncoder().encode(JSON.stringify({ nonce, codeVerifier })),
    stateContext(stateHash),
  );
  await deps.db.systemTx(async (tx) => {
    await deleteStaleSsoLoginStates(tx, now);
    await insertSsoLoginState(tx, {
      stateHash,
      tenantId: input.tenantId,
      browserHash: tokenDigest(browserKey),
      secretsSealed: Buffer.from(sealed).toString('base64'),
      next: localPath(input.next),
      createdAt: now,
      expiresAt: addSeconds(now, SSO_LOGIN_TTL_SECONDS),
    });
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(deps),
    scope: row.scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: url.href, browserKey };
}
