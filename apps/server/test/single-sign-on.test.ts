import { Code, type SsoSettingsAnswer } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestOidcProvider } from './support/oidc-provider.ts';
import {
  answerOf,
  configure,
  finish,
  REDIRECT_URI,
  roleOf,
  settings,
  signInAs,
  signInLinked,
  start,
  startSsoServer,
  userId,
} from './support/single-sign-on.ts';
import type { Session, TestServer } from './support/test-server.ts';

/** Single sign-on through a tenant's OpenID Connect provider: its settings, signing in, and members it brings. */

let t: TestServer;
let idp: TestOidcProvider;
let admin: Session;
let tenantId: string;

beforeAll(async () => {
  ({ t, idp, admin, tenantId } = await startSsoServer());
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('single sign-on settings', () => {
  it('an admin saves the provider after discovery; the client secret is sealed at rest and never answered', async () => {
    const saved = await configure();
    expect(saved.data.settings).toMatchObject({
      issuer: idp.issuer,
      hasClientSecret: true,
      displayName: 'Demo ID',
    });
    expect(saved.data.redirectUri).toBe(REDIRECT_URI);
    expect(saved.data.signInUrl).toBe(`http://signet.test/login?sso=${tenantId}`);
    const read = await t.call<SsoSettingsAnswer>('GET', '/v1/sso', { token: admin.token });
    expect(read.raw).not.toContain(idp.clientSecret);
    expect(read.data.settings?.hasClientSecret).toBe(true);
    const stored = await t.db.system.execute(sql`select client_secret_sealed from sso_providers`);
    expect(JSON.stringify(stored)).not.toContain(idp.clientSecret);
  });

  it('saving without a secret keeps the stored one', async () => {
    const { clientSecret: _, ...rest } = settings();
    const res = await t.call<SsoSettingsAnswer>('PUT', '/v1/sso', { token: admin.token, body: rest });
    expect(res.data.settings?.hasClientSecret).toBe(true);
    expect((await signInLinked('sanjay')).code).toBe(1);
  });

  it('refuses an issuer that is not a provider (-1) and a plain-http issuer off this machine (-6)', async () => {
    const nothing = await t.call('PUT', '/v1/sso', {
      token: admin.token,
      body: settings({ issuer: `${idp.issuer}/nowhere` }),
    });
    expect(nothing.code).toBe(Code.GENERIC_ERROR);
    const plain = await t.call('PUT', '/v1/sso', {
      token: admin.token,
      body: settings({ issuer: 'http://idp.example.com' }),
    });
    expect(plain.code).toBe(Code.INVALID_INPUT);
    const read = await t.call<SsoSettingsAnswer>('GET', '/v1/sso', { token: admin.token });
    expect(read.data.settings?.issuer).toBe(idp.issuer);
  });

  it('refuses a provider at an address Signet may not call (-6)', async () => {
    const res = await t.call('PUT', '/v1/sso', {
      token: admin.token,
      body: settings({ issuer: 'http://127.0.0.2:9' }),
    });
    expect(res.code).toBe(Code.INVALID_INPUT);
  });

  it('only an admin reads or changes the provider (-11)', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    expect((await t.call('GET', '/v1/sso', { token: custodian.token })).code).toBe(Code.NOT_AUTHORIZED);
    const put = await t.call('PUT', '/v1/sso', { token: custodian.token, body: settings() });
    expect(put.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('the login page learns the provider’s name by tenant id, and the same null for an unknown tenant', async () => {
    const named = await t.call<{ providerName: string | null }>('GET', `/public/sso/${tenantId}`);
    expect(named.data.providerName).toBe('Demo ID');
    const unknown = await t.call<{ providerName: string | null }>(
      'GET',
      `/public/sso/${crypto.randomUUID()}`,
    );
    expect(unknown.data.providerName).toBeNull();
  });
});

describe('signing in through the provider', () => {
  it('a member signs in with the authorization code and PKCE and gets a session in the tenant', async () => {
    await configure();
    const { authorizationUrl, cookie } = await start('/compose');
    const asked = new URL(authorizationUrl);
    expect(asked.origin).toBe(idp.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(asked.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(cookie).toMatch(/^signet_sso=.+/);

    const res = await finish(answerOf(await idp.signInThrough(authorizationUrl, 'sanjay')), cookie);
    expect(res.code, res.message).toBe(1);
    expect(res.data.user.email).toBe('signer1@demo.test');
    expect(res.data.next).toBe('/compose');
    expect(res.data.tenants.find((m) => m.tenantUuid === tenantId)).toMatchObject({
      userLoginType: 'SSO',
      userTenantSSOEntityId: idp.issuer,
    });
    const me = await t.call<{ email: string }>('GET', '/v1/users/valid', { token: res.data.access_token });
    expect(me.data.email).toBe('signer1@demo.test');
    const logged = await t.db.system.execute(
      sql`select count(*)::int as n from activity_log where tenant_id = ${tenantId} and actor_user_id = ${res.data.user.id} and action = 'auth.signIn' and details->>'how' = 'sso'`,
    );
    expect((logged as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
  });

  it('tells the person when the provider did not sign them in (-1), and the state is spent', async () => {
    const { authorizationUrl, cookie } = await start();
    const state = new URL(authorizationUrl).searchParams.get('state') ?? '';
    const refused = await finish({ state, error: 'access_denied' }, cookie);
    expect(refused.code).toBe(Code.GENERIC_ERROR);
    expect(refused.data).toEqual({ reason: 'providerRefused', error: 'access_denied' });
    expect((await finish({ state, code: 'anything' }, cookie)).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses a state it never gave (-45)', async () => {
    const { authorizationUrl, cookie } = await start();
    const callback = await idp.signInThrough(authorizationUrl, 'sanjay');
    const res = await finish({ ...answerOf(callback), state: 'made-up-state' }, cookie);
    expect(res.code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses a state used once already (-45)', async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = answerOf(await idp.signInThrough(authorizationUrl, 'sanjay'));
    expect((await finish(answer, cookie)).code).toBe(1);
    expect((await finish(answer, cookie)).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an answer brought by another browser than the one that started (-45)', async () => {
    const { authorizationUrl } = await start();
    const answer = answerOf(await idp.signInThrough(authorizationUrl, 'sanjay'));
    expect((await finish(answer, null)).code).toBe(Code.INVALID_TOKEN);
    const other = await start();
    expect((await finish(answer, other.cookie)).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses a state older than ten minutes (-45)', async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = answerOf(await idp.signInThrough(authorizationUrl, 'sanjay'));
    t.clock.advance(601);
    expect((await finish(answer, cookie)).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an ID token with another nonce (-45)', async () => {
    idp.tamperNextIdToken({ nonce: 'another-sign-in' });
    expect((await signInAs('sanjay')).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an ID token for another audience (-45)', async () => {
    idp.tamperNextIdToken({ aud: 'some-other-client' });
    expect((await signInAs('sanjay')).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an ID token from another issuer (-45)', async () => {
    idp.tamperNextIdToken({ iss: 'https://impostor.example' });
    expect((await signInAs('sanjay')).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an ID token not signed by the provider’s key (-45)', async () => {
    idp.tamperNextIdToken({}, { foreignKey: true });
    expect((await signInAs('sanjay')).code).toBe(Code.INVALID_TOKEN);
  });

  it('refuses an email address the provider has not verified (-75)', async () => {
    const res = await signInAs('sanjay-unverified', { email: 'signer1@demo.test', email_verified: false });
    expect(res.code).toBe(Code.USER_NOT_REGISTERED);
  });

  it('refuses an address outside the allowed domains (-3)', async () => {
    await configure({ allowedDomains: ['example.org'] });
    expect((await signInAs('sanjay')).code).toBe(Code.USER_NOT_FOUND);
    await configure({ allowedDomains: ['demo.test'] });
    expect((await signInAs('sanjay')).code).toBe(1);
  });
});

describe('members from the provider', () => {
  it('without just-in-time membership, someone new to Signet is refused (-3)', async () => {
    await configure({ justInTime: false });
    const res = await signInAs('newcomer', { email: 'nadia@demo.test', email_verified: true, groups: [] });
    expect(res.code).toBe(Code.USER_NOT_FOUND);
  });

  it('with just-in-time membership, someone new joins with the role their claim maps to', async () => {
    await configure({ justInTime: true });
    const res = await signInAs('newcomer', {
      email: 'nadia@demo.test',
      email_verified: true,
      given_name: 'Nadia',
      family_name: 'New',
      groups: ['senders'],
    });
    expect(res.code, res.message).toBe(1);
    expect(res.data.user.role).toBe('custodian');
    expect(await roleOf('nadia@demo.test')).toBe('custodian');
    // Created by the provider, the account is bound to the provider's account at once.
    const bound = await t.db.system.execute(
      sql`select how, subject from sso_bindings where user_id = ${res.data.user.id}`,
    );
    expect((bound as unknown as { rows: unknown[] }).rows).toEqual([{ how: 'created', subject: 'newcomer' }]);
  });

  it('someone invited who has no account yet accepts the invitation by signing in, even without just-in-time', async () => {
    await configure({ justInTime: false });
    const invited = await t.call<{ user: { id: string } }>('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'ines.sso@demo.test', firstName: 'Ines', lastName: 'Invited', role: 'submitter' },
    });
    expect(invited.code, invited.message).toBe(1);
    const res = await signInAs('ines', { email: 'ines.sso@demo.test', email_verified: true, groups: [] });
    expect(res.code, res.message).toBe(1);
    expect(res.data.user.role).toBe('signer');
    const member = await t.call<{ status: string }>('GET', `/v1/users/${invited.data.user.id}/false`, {
      token: admin.token,
    });
    expect(member.data.status).toBe('enabled');
  });

  it('never joins someone who has an account elsewhere: they accept an invitation themselves (-3)', async () => {
    await configure({ justInTime: true });
    const res = await signInAs('olga', { email: 'admin@other.test', email_verified: true, groups: [] });
    expect(res.code).toBe(Code.USER_NOT_FOUND);
  });

  it('someone invited who has an account elsewhere must accept the invitation themselves first (-75)', async () => {
    await configure({ justInTime: true });
    const invited = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'admin@other.test', firstName: 'Olga', lastName: 'Other', role: 'signer' },
    });
    expect(invited.code, invited.message).toBe(1);
    const res = await signInAs('olga', { email: 'admin@other.test', email_verified: true, groups: [] });
    expect(res.code).toBe(Code.USER_NOT_REGISTERED);
  });

  it('follows the claim mapping at every sign-in, and gives the default role when nothing matches', async () => {
    await configure();
    idp.setAccount('sara', {
      email: 'signer2@demo.test',
      email_verified: true,
      groups: ['staff', 'senders'],
    });
    expect((await signInLinked('sara')).data.user.role).toBe('custodian');
    expect(await roleOf('signer2@demo.test')).toBe('custodian');
    idp.setAccount('sara', { email: 'signer2@demo.test', email_verified: true, groups: ['staff'] });
    expect((await signInAs('sara')).data.user.role).toBe('signer');
    expect(await roleOf('signer2@demo.test')).toBe('signer');
  });

  it('leaves roles alone when no claim is mapped', async () => {
    await configure({ roleClaim: null, roleMapping: [] });
    const res = await signInLinked('admin-self', {
      email: 'admin@demo.test',
      email_verified: true,
      groups: [],
    });
    expect(res.data.user.role).toBe('admin');
  });

  it('refuses a disabled member (-13)', async () => {
    await configure();
    const id = await userId('submitter@demo.test');
    expect(
      (await t.call('PUT', `/v1/users/${id}/status`, { token: admin.token, body: { status: 'disabled' } }))
        .code,
    ).toBe(1);
    const res = await signInAs('sub', { email: 'submitter@demo.test', email_verified: true, groups: [] });
    expect(res.code).toBe(Code.USER_DISABLED);
    await t.call('PUT', `/v1/users/${id}/status`, { token: admin.token, body: { status: 'enabled' } });
  });

  it('refuses everyone of a disabled tenant (-88)', async () => {
    await configure();
    const { authorizationUrl, cookie } = await start();
    const answer = answerOf(await idp.signInThrough(authorizationUrl, 'sanjay'));
    const root = await t.signIn('superadmin@demo.test');
    const off = await t.call('PUT', `/v2/tenants/${tenantId}`, {
      token: root.token,
      body: { status: 'disabled' },
    });
    expect(off.code, off.message).toBe(1);
    try {
      expect((await finish(answer, cookie)).code).toBe(Code.TRIAL_EXPIRED);
    } finally {
      await t.call('PUT', `/v2/tenants/${tenantId}`, { token: root.token, body: { status: 'active' } });
    }
  });

  it('a session from the provider works in its tenant only (-11 elsewhere)', async () => {
    await configure();
    const other = (await t.signIn('admin@other.test')).tenantId ?? '';
    const signer = await userId('signer1@demo.test');
    await t.db.system.execute(
      sql`insert into user_tenants (tenant_id, user_id, role, status) values (${other}, ${signer}, 'signer', 'enabled')`,
    );
    const res = await signInAs('sanjay', { email: 'signer1@demo.test', email_verified: true, groups: [] });
    expect(res.code, res.message).toBe(1);
    const here = await t.call('GET', '/v1/users/valid', { token: res.data.access_token, tenant: tenantId });
    expect(here.code).toBe(1);
    const there = await t.call('GET', '/v1/users/valid', { token: res.data.access_token, tenant: other });
    expect(there.code).toBe(Code.NOT_AUTHORIZED);
    // Not offered either: the tenant switcher reads this list.
    const listed = (here.data as { userTenantList: { tenantUuid: string }[] }).userTenantList;
    expect(listed.map((m) => m.tenantUuid)).toEqual([tenantId]);
    const password = await t.signIn('signer1@demo.test');
    const withPassword = await t.call('GET', '/v1/users/valid', { token: password.token, tenant: other });
    expect(withPassword.code).toBe(1);
  });
});

// Issue 30: Other's admin points Other's provider at one they control, which vouches for a Demo
// member who also accepted Other's invitation.
