import { Code } from '@signet/contracts';
import * as oidc from 'openid-client';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';

/** What Signet needs to talk to a tenant's provider. */
export interface ProviderAccess {
  issuer: string;
  clientId: string;
  /** null: a public client, which proves itself by PKCE alone. */
  clientSecret: string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http only for a provider on this machine (tests, a development provider): ID tokens and
 * keys fetched over the network must come over TLS, or anyone on the path could mint a sign-in.
 */
export function issuerSchemeAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/**
 * The provider's calls go through the safe outbound client (the provider's address is the
 * tenant admin's choice): addresses refused at connect time, no redirects. openid-client sends
 * form bodies as URLSearchParams, which that client takes as a string.
 */
function safeFetch(deps: Deps): oidc.CustomFetch {
  return (url, options) => {
    const body = options.body instanceof URLSearchParams ? options.body.toString() : options.body;
    return deps.outbound.fetch(url, {
      method: options.method,
      headers: options.headers,
      ...(body !== undefined && body !== null ? { body: body as string } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
}

/**
 * Discovers the provider (`<issuer>/.well-known/openid-configuration`) and answers the client
 * configuration. A provider that cannot be reached or answers nonsense is -1 with the reason in
 * the log only (the provider's answer is not the user's business).
 */
export async function discoverProvider(access: ProviderAccess, deps: Deps): Promise<oidc.Configuration> {
  if (!issuerSchemeAllowed(access.issuer)) {
    throw new AppError(Code.INVALID_INPUT, 'The issuer must be an https URL');
  }
  const insecure = new URL(access.issuer).protocol === 'http:';
  try {
    return await oidc.discovery(
      new URL(access.issuer),
      access.clientId,
      access.clientSecret ?? undefined,
      access.clientSecret ? oidc.ClientSecretBasic(access.clientSecret) : oidc.None(),
      {
        [oidc.customFetch]: safeFetch(deps),
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  } catch (error) {
    deps.log.warn({ err: error, issuer: access.issuer }, 'OpenID provider discovery failed');
    throw new AppError(Code.GENERIC_ERROR, 'The sign-in provider could not be reached; try again later', {
      data: { reason: 'providerUnavailable' },
    });
  }
}

export { oidc };
