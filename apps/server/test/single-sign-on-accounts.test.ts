import { Code } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../src/domain/deps.ts';
import { defineRoute, type RouteOptions, registerRoutes } from '../src/http/route.ts';
import type { TestOidcProvider } from './support/oidc-provider.ts';
import { answerOf, finish, type SignedIn, settings, startSsoServer } from './support/single-sign-on.ts';
import { DEMO_PASSWORD, type Session, type TestServer } from './support/test-server.ts';

/** Single sign-on and accounts: a tenant's provider never speaks for an account that is not its own. */

let t: TestServer;
let idp: TestOidcProvider;

beforeAll(async () => {
  ({ t, idp } = await startSsoServer());
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('a tenant’s provider and an account that is not its own', () => {
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  let otherTenant: string;
  let person: Session;

  /** Other's sign-in through its provider, as the account the provider calls `accountId`. */
  async function signInToOther(accountId: string) {
    const started = await t.call<{ authorizationUrl: string }>('POST', '/public/sso/start', {
      body: { tenantId: otherTenant },
    });
    expect(started.code, started.message).toBe(1);
    const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
    const callback = await idp.signInThrough(started.data.authorizationUrl, accountId);
    return finish(answerOf(callback), cookie);
  }
  const link = (linkToken: string, password: string) =>
    t.call<SignedIn>('POST', '/public/sso/link', { body: { linkToken, password } });

  beforeAll(async () => {
    const otherAdmin = await t.signIn('admin@other.test');
    otherTenant = otherAdmin.tenantId ?? '';
    const saved = await t.call('PUT', '/v1/sso', {
      token: otherAdmin.token,
      body: settings({ displayName: 'Other ID', roleClaim: null, roleMapping: [] }),
    });
    expect(saved.code, saved.message).toBe(1);
    const invited = await t.call('POST', '/v1/users/invite', {
      token: otherAdmin.token,
      body: { email: 'registrar@demo.test', firstName: 'R', lastName: 'R', role: 'signer' },
    });
    expect(invited.code, invited.message).toBe(1);
    person = await t.signIn('registrar@demo.test');
    const accepted = await t.call('POST', `/v1/user/invitations/${otherTenant}`, {
      token: person.token,
      body: { accept: true },
    });
    expect(accepted.code, accepted.message).toBe(1);
    const saveOwn = await t.call('POST', `/v1/users/${person.userId}/signature`, {
      token: person.token,
      body: { signatureImage: png },
    });
    expect(saveOwn.code, saveOwn.message).toBe(1);
    idp.setAccount('mallory-as-ravi', { email: 'registrar@demo.test', email_verified: true });
  });

  it('does not sign in a member whose account is not bound to the provider: it asks for the account’s password (-1201)', async () => {
    const res = await signInToOther('mallory-as-ravi');
    expect(res.code).toBe(Code.SSO_LINK_REQUIRED);
    expect(res.status).toBe(403);
    expect(res.raw).not.toContain('access_token');
    expect(res.data).toMatchObject({
      reason: 'confirmLink',
      email: 'registrar@demo.test',
      providerName: 'Other ID',
    });
    // Whoever holds the provider but not the password gets nothing, however often they try.
    const { linkToken } = res.data as unknown as { linkToken: string };
    expect((await link(linkToken, 'Not-the-password-1')).code).toBe(Code.INVALID_PASSWORD);
    expect((await signInToOther('mallory-as-ravi')).code).toBe(Code.SSO_LINK_REQUIRED);
  });

  it('binds after the password, once; then signs in through the provider without it', async () => {
    const asked = await signInToOther('mallory-as-ravi');
    const { linkToken } = asked.data as unknown as { linkToken: string };
    const linked = await link(linkToken, DEMO_PASSWORD);
    expect(linked.code, linked.message).toBe(1);
    expect(linked.data.user.email).toBe('registrar@demo.test');
    expect((await link(linkToken, DEMO_PASSWORD)).code).toBe(Code.INVALID_TOKEN);
    const again = await signInToOther('mallory-as-ravi');
    expect(again.code, again.message).toBe(1);
    const bound = await t.db.system.execute(
      sql`select how from sso_bindings where tenant_id = ${otherTenant} and user_id = ${person.userId}`,
    );
    expect((bound as unknown as { rows: { how: string }[] }).rows).toEqual([{ how: 'password' }]);
  });

  it('a session opened through the provider cannot change the account: signature, passcode, name, password (-11)', async () => {
    const sso = await signInToOther('mallory-as-ravi');
    expect(sso.code, sso.message).toBe(1);
    const token = sso.data.access_token;
    const attempts = [
      t.call('POST', `/v1/users/${person.userId}/signature`, {
        token,
        body: { signatureImage: png.replace('AAAAAElFTkSuQmCC', 'AAAAAElFTkSuQmCD') },
      }),
      t.call('POST', `/v1/users/${person.userId}/signature`, { token, body: { signatureImage: null } }),
      t.call('PUT', '/v2/user/passcode', { token, body: { passcode: '424242', confirmPasscode: '424242' } }),
      t.call('POST', '/v1/users/profile', { token, body: { firstName: 'Mallory' } }),
      t.call('POST', '/v1/users/password', {
        token,
        body: { oldPassword: DEMO_PASSWORD, newPassword: 'Taken-over-9', confirmPassword: 'Taken-over-9' },
      }),
      t.call('DELETE', `/v1/users/${person.userId}/photo`, { token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.code, res.message).toBe(Code.NOT_AUTHORIZED);
      expect(res.message).toMatch(/provider/);
    }
    // The work of the tenant goes on in that session.
    expect((await t.call('GET', '/v1/users/valid', { token })).code).toBe(1);

    const own = await t.signIn('registrar@demo.test');
    const signature = await t.call<{ signatureImage: string }>(
      'GET',
      `/v1/users/${person.userId}/signature`,
      { token: own.token },
    );
    expect(signature.data.signatureImage).toBe(png);
    const me = await t.call<{ firstName: string; passcodeFlag?: boolean }>('GET', '/v1/users/valid', {
      token: own.token,
    });
    expect(me.data.firstName).not.toBe('Mallory');
    expect(me.data.passcodeFlag ?? false).toBe(false);
  });
});

describe('routes that change the account', () => {
  it('a signed-in write under /v1/users/ that does not say whether it is account-wide stops the server from starting', () => {
    const route = (accountWide?: boolean) =>
      defineRoute({
        method: 'POST',
        url: '/v1/users/:userId/nickname',
        operationId: 'setNickname',
        auth: 'user',
        summary: 'A route someone adds later',
        tags: ['Users'],
        response: z.object({}),
        ...(accountWide === undefined ? {} : { accountWide }),
        handler: () => ({}),
      });
    const register = (accountWide?: boolean) =>
      registerRoutes(Fastify(), [route(accountWide)], {} as Deps, {} as RouteOptions);
    expect(() => register()).toThrow(/setNickname .* must declare accountWide/);
    expect(() => register(true)).not.toThrow();
    expect(() => register(false)).not.toThrow();
  });
});
