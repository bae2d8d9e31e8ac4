import { Code, type SsoSettingsAnswer, type SsoSettingsInput } from '@signet/contracts';
import { expect } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from './oidc-provider.ts';
import { DEMO_PASSWORD, type Session, startTestServer, type TestServer } from './test-server.ts';

// The single sign-on suites' provider and calls (single-sign-on.test.ts, single-sign-on-accounts.test.ts).

let t: TestServer;
let idp: TestOidcProvider;
let admin: Session;
let tenantId: string;

export const REDIRECT_URI = 'http://signet.test/sso/callback';

export interface SignedIn {
  access_token: string;
  next: string | null;
  user: { id: string; email: string; role: string };
  tenants: { tenantUuid: string; userLoginType: string; userTenantSSOEntityId: string | null }[];
}

export function settings(change: Partial<SsoSettingsInput> = {}): SsoSettingsInput {
  return {
    enabled: true,
    displayName: 'Demo ID',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: 'openid email profile groups',
    roleClaim: 'groups',
    roleMapping: [
      { value: 'signet-admins', role: 'admin' },
      { value: 'senders', role: 'custodian' },
    ],
    defaultRole: 'signer',
    justInTime: false,
    allowedDomains: [],
    ...change,
  };
}

export async function configure(change: Partial<SsoSettingsInput> = {}) {
  const res = await t.call<SsoSettingsAnswer>('PUT', '/v1/sso', {
    token: admin.token,
    body: settings(change),
  });
  expect(res.code, res.message).toBe(1);
  return res;
}

/** Starts a sign-in as the login page does: the authorization URL and the browser's cookie. */
export async function start(next?: string) {
  const res = await t.call<{ authorizationUrl: string }>('POST', '/public/sso/start', {
    body: { tenantId, ...(next ? { next } : {}) },
  });
  expect(res.code, res.message).toBe(1);
  const setCookie = String(res.headers['set-cookie']);
  return { authorizationUrl: res.data.authorizationUrl, cookie: setCookie.split(';')[0] ?? '' };
}

/** What the callback page sends: the provider's answer from its query string. */
export function answerOf(callback: URL) {
  return Object.fromEntries(
    ['state', 'code', 'iss'].map((k) => [k, callback.searchParams.get(k) ?? undefined]),
  );
}

export function finish(body: unknown, cookie: string | null) {
  return t.call<SignedIn>('POST', '/public/sso/callback', { body, headers: cookie ? { cookie } : {} });
}

/** The whole flow through the provider's pages, as the browser goes through it. */
export async function signInAs(accountId: string, claims: Record<string, unknown> | null = null) {
  if (claims) idp.setAccount(accountId, claims);
  const { authorizationUrl, cookie } = await start();
  const callback = await idp.signInThrough(authorizationUrl, accountId);
  return finish(answerOf(callback), cookie);
}

/**
 * As `signInAs` for an account that has a password: the first time, the provider account is bound
 * to it by confirming with that password (-1201, then `POST /public/sso/link`).
 */
export async function signInLinked(accountId: string, claims: Record<string, unknown> | null = null) {
  const first = await signInAs(accountId, claims);
  if (first.code !== Code.SSO_LINK_REQUIRED) return first;
  const { linkToken } = first.data as unknown as { linkToken: string };
  return t.call<SignedIn>('POST', '/public/sso/link', { body: { linkToken, password: DEMO_PASSWORD } });
}

export async function userId(email: string): Promise<string> {
  return (await t.call<{ id: string }>('GET', '/v1/user', { token: admin.token, query: { email } })).data.id;
}

export async function roleOf(email: string): Promise<string> {
  return (await t.call<{ role: string }>('GET', '/v1/user', { token: admin.token, query: { email } })).data
    .role;
}

/** Starts this suite's server and signs its people in; the helpers above use them. */
export async function startSsoServer() {
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: '127.0.0.1' });
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
  admin = await t.signIn('admin@demo.test');
  tenantId = admin.tenantId ?? '';
  idp.setAccount('sanjay', { email: 'signer1@demo.test', email_verified: true, groups: [] });
  return { t, idp, admin, tenantId };
}
