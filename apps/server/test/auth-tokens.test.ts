import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/mail-catcher.ts';
import {
  DEMO_CLIENT_SECRET,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
} from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ACCESS_TOKEN_TTL: '60' });
});
afterAll(() => t.close());

const client = { client_id: 'signet-web', client_secret: DEMO_CLIENT_SECRET };

describe('POST /public/token', () => {
  it('answers msb_token, refresh_token, expires_in, user and tenants for the password grant', async () => {
    const res = await t.call<Record<string, unknown>>('POST', '/public/token', {
      form: { ...client, grant_type: 'password', username: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ token_type: 'bearer', expires_in: 60, jwt_expires_in: 60 });
    expect(res.data.msb_token).toBe(res.data.access_token);
    expect(typeof res.data.refresh_token).toBe('string');
    expect(res.data.user).toMatchObject({ email: 'admin@demo.test', role: 'admin' });
    expect(res.data.tenants).toEqual([expect.objectContaining({ tenantName: 'Demo', userRole: 'admin' })]);
  });

  it('refuses a wrong client secret with -11', async () => {
    const res = await t.call('POST', '/public/token', {
      form: {
        ...client,
        client_secret: 'nope',
        grant_type: 'password',
        username: 'admin@demo.test',
        password: DEMO_PASSWORD,
      },
    });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
    expect(res.status).toBe(403);
  });

  it('refuses an unknown grant type with -6', async () => {
    const res = await t.call('POST', '/public/token', { form: { ...client, grant_type: 'magic' } });
    expect(res.code).toBe(Code.INVALID_INPUT);
  });

  it('exchanges a refresh token for new tokens (refresh_token grant)', async () => {
    const s = await t.signIn('custodian@demo.test');
    const res = await t.call<{ access_token: string; refresh_token: string }>('POST', '/public/token', {
      form: { ...client, grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(res.code).toBe(1);
    expect(res.data.refresh_token).not.toBe(s.refreshToken);
  });
});

describe('sign-in rules', () => {
  it('answers -16 for a wrong password and for an unknown user alike', async () => {
    const wrong = await t.call('POST', '/v1/authenticate', {
      form: { username: 'signer1@demo.test', password: 'Wrong-pass-1' },
    });
    const unknown = await t.call('POST', '/v1/authenticate', {
      form: { username: 'ghost@demo.test', password: 'Wrong-pass-1' },
    });
    expect([wrong.code, unknown.code]).toEqual([Code.INVALID_PASSWORD, Code.INVALID_PASSWORD]);
    expect(wrong.message).toBe(unknown.message);
  });

  it('after 5 wrong passwords the address waits, answering -16 even to the right password, until the delay ends', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await t.call('POST', '/v1/authenticate', {
            form: { username: 'registrar@demo.test', password: 'Wrong-pass-1' },
          })
        ).code,
      );
    }
    expect(codes).toEqual([-16, -16, -16, -16, -16]);
    const right = await t.call('POST', '/v1/authenticate', {
      form: { username: 'registrar@demo.test', password: DEMO_PASSWORD },
    });
    expect(right.code).toBe(Code.INVALID_PASSWORD);
    t.clock.advance(1);
    const later = await t.call('POST', '/v1/authenticate', {
      form: { username: 'registrar@demo.test', password: DEMO_PASSWORD },
    });
    expect(later.code).toBe(1);
  });

  it('resets the failure count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) {
      await t.call('POST', '/v1/authenticate', {
        form: { username: 'signer2@demo.test', password: 'Wrong-pass-1' },
      });
    }
    await t.signIn('signer2@demo.test');
    const after = await t.call('POST', '/v1/authenticate', {
      form: { username: 'signer2@demo.test', password: 'Wrong-pass-1' },
    });
    expect(after.code).toBe(Code.INVALID_PASSWORD);
  });
});

describe('access tokens on API calls', () => {
  it('refuses a call without a token with 403', async () => {
    const res = await t.call('GET', '/v1/users/valid');
    expect(res.status).toBe(403);
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('accepts the token in the access_token header and as Authorization: Bearer', async () => {
    const s = await t.signIn('custodian@demo.test');
    const a = await t.call('GET', '/v1/users/valid', { token: s.token });
    const b = await t.call('GET', '/v1/users/valid', { headers: { authorization: `Bearer ${s.token}` } });
    expect([a.code, b.code]).toEqual([1, 1]);
  });

  it('answers /v1/users/valid with the user, also under userInfo', async () => {
    const s = await t.signIn('custodian@demo.test');
    const res = await t.call<Record<string, unknown>>('GET', '/v1/users/valid', { token: s.token });
    expect(res.data).toMatchObject({
      email: 'custodian@demo.test',
      role: 'custodian',
      defaultTenantUuid: s.tenantId,
    });
    expect(res.data.userInfo).toMatchObject({
      id: s.userId,
      email: 'custodian@demo.test',
      role: 'custodian',
      defaultTenantUuid: s.tenantId,
    });
  });

  it('answers -37 for something that is not a JWT and -5 for a forged one', async () => {
    const s = await t.signIn('custodian@demo.test');
    const [header, payload] = s.token.split('.');
    const notJwt = await t.call('GET', '/v1/users/valid', { token: 'garbage' });
    const forged = await t.call('GET', '/v1/users/valid', { token: `${header}.${payload}.c2lnbmF0dXJl` });
    expect([notJwt.code, notJwt.status]).toEqual([Code.INVALID_JWT, 401]);
    expect([forged.code, forged.status]).toEqual([Code.INVALID_ACCESS_TOKEN, 401]);
  });

  it('accepts and ignores the ts cache-busting parameter on GET', async () => {
    const s = await t.signIn('custodian@demo.test');
    const res = await t.call('GET', '/v1/users', { token: s.token, query: { ts: String(Date.now()) } });
    expect(res.code).toBe(1);
  });
});

describe('the token lifecycle', () => {
  it('expiry answers -27 with 401; the refresh token gives a new access token and the call then succeeds', async () => {
    const s = await t.signIn('submitter@demo.test');
    expect((await t.call('GET', '/v1/users/valid', { token: s.token })).code).toBe(1);
    t.clock.advance(61);
    const expired = await t.call('GET', '/v1/users/valid', { token: s.token });
    expect([expired.status, expired.code]).toEqual([401, Code.TOKEN_EXPIRED]);
    const refreshed = await t.call<{ access_token: string }>('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(refreshed.code).toBe(1);
    const retry = await t.call('GET', '/v1/users/valid', { token: refreshed.data.access_token });
    expect(retry.code).toBe(1);
  });

  it('using a rotated refresh token again revokes the whole family: the newest tokens stop working too', async () => {
    const s = await t.signIn('signer1@demo.test');
    const first = await t.call<{ access_token: string; refresh_token: string }>('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(first.code).toBe(1);
    const replay = await t.call('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(replay.code).toBe(Code.SESSION_ENDED);
    const newest = await t.call('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: first.data.refresh_token },
    });
    expect(newest.code).toBe(Code.SESSION_ENDED);
    const call = await t.call('GET', '/v1/users/valid', { token: first.data.access_token });
    expect(call.code).toBe(Code.SESSION_ENDED);
  });

  it('logout ends the session: its access token answers -7 and its refresh token fails', async () => {
    const s = await t.signIn('signer2@demo.test');
    expect((await t.call('POST', '/v1/logout', { token: s.token })).code).toBe(1);
    expect((await t.call('GET', '/v1/users/valid', { token: s.token })).code).toBe(Code.SESSION_ENDED);
    const refresh = await t.call('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(refresh.code).toBe(Code.SESSION_ENDED);
  });

  it('checksession tells how long the access token has left', async () => {
    const s = await t.signIn('custodian@demo.test');
    t.clock.advance(20);
    const res = await t.call<{ active: boolean; expiresIn: number }>('POST', '/v1/checksession', {
      token: s.token,
    });
    expect(res.data.active).toBe(true);
    expect(res.data.expiresIn).toBeGreaterThan(35);
    expect(res.data.expiresIn).toBeLessThanOrEqual(40);
  });
});

describe('tenant_id header', () => {
  it('selects one of the user’s tenants and refuses a tenant the user does not belong to', async () => {
    const admin = await t.signIn('admin@demo.test');
    const other = await t.signIn('admin@other.test');
    const res = await t.call('GET', '/v1/users', { token: admin.token, tenant: other.tenantId ?? undefined });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
    const bad = await t.call('GET', '/v1/users', { token: admin.token, tenant: 'not-a-uuid' });
    expect(bad.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('lets a user of two tenants switch with the header, with the role of that tenant', async () => {
    const admin = await t.signIn('admin@demo.test');
    const other = await t.signIn('admin@other.test');
    const invited = await t.call('POST', '/v1/users/invite', {
      token: other.token,
      body: { email: 'custodian@demo.test', firstName: 'Carlos', lastName: 'Custodian', role: 'signer' },
    });
    expect(invited.code).toBe(1);
    const c = await t.signIn('custodian@demo.test');
    const accepted = await t.call('POST', `/v1/user/invitations/${other.tenantId}`, {
      token: c.token,
      body: { accept: true },
    });
    expect(accepted.code).toBe(1);
    const inDemo = await t.call<{ role: string }>('GET', '/v1/users/valid', { token: c.token });
    const inOther = await t.call<{ role: string }>('GET', '/v1/users/valid', {
      token: c.token,
      tenant: other.tenantId ?? undefined,
    });
    expect([inDemo.data.role, inOther.data.role]).toEqual(['custodian', 'signer']);
    const tenants = await t.call<unknown[]>('GET', `/v2/users/${c.userId}/tenants`, { token: c.token });
    expect(tenants.data).toHaveLength(2);
    expect(admin.tenantId).not.toBe(other.tenantId);
  });
});

describe('expired users (-15): an invitation that ran out before it was accepted', () => {
  const signIn = (username: string, password: string, tenant?: string) =>
    t.call('POST', '/v1/authenticate', { form: { username, password }, tenant });
  const tokenIn = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('answers -15 with 403 to the invited person once the 7 days pass, and -75 again after a new invitation', async () => {
    const admin = await t.signIn('admin@demo.test');
    const invite = () =>
      t.call('POST', '/v1/users/invite', {
        token: admin.token,
        body: { email: 'lapsed@demo.test', firstName: 'Lee', lastName: 'Lapsed' },
      });
    expect((await invite()).code).toBe(1);
    expect((await signIn('lapsed@demo.test', 'Any-pass-1')).code).toBe(Code.USER_NOT_REGISTERED);

    t.clock.advance(8 * 86_400);
    const expired = await signIn('lapsed@demo.test', 'Any-pass-1');
    expect([expired.status, expired.code]).toEqual([403, Code.USER_EXPIRED]);

    const fresh = await t.signIn('admin@demo.test');
    const id = (
      await t.call<{ id: string }>('GET', '/v1/user', {
        token: fresh.token,
        query: { email: 'lapsed@demo.test' },
      })
    ).data.id;
    const user = await t.call<{ status: string }>('GET', `/v1/users/${id}/false`, { token: fresh.token });
    expect(user.data.status).toBe('admininviteexpired');

    admin.token = fresh.token;
    expect((await invite()).code).toBe(1);
    expect((await signIn('lapsed@demo.test', 'Any-pass-1')).code).toBe(Code.USER_NOT_REGISTERED);
  });

  it('refuses the tenant whose invitation ran out, by sign-in and by token, and leaves the tenant the person joined', async () => {
    const demoAdmin = await t.signIn('admin@demo.test');
    const otherAdmin = await t.signIn('admin@other.test');
    const body = { email: 'two.ways@demo.test', firstName: 'Tess', lastName: 'Two' };
    expect((await t.call('POST', '/v1/users/invite', { token: demoAdmin.token, body })).code).toBe(1);
    expect((await t.call('POST', '/v1/users/invite', { token: otherAdmin.token, body })).code).toBe(1);
    const fromOther = await t.mail.next('two.ways@demo.test', /Other/);
    const accepted = await t.call('POST', '/public/users/password', {
      body: { token: tokenIn(linkIn(fromOther)), newPassword: 'Two-ways-1', confirmPassword: 'Two-ways-1' },
    });
    expect(accepted.code).toBe(1);

    t.clock.advance(8 * 86_400);
    const res = await t.call<{ access_token: string; defaultTenantId: string }>('POST', '/v1/authenticate', {
      form: { username: 'two.ways@demo.test', password: 'Two-ways-1' },
    });
    expect([res.code, res.data.defaultTenantId]).toEqual([1, otherAdmin.tenantId]);
    const demoTenant = demoAdmin.tenantId ?? '';
    const byToken = await t.call('GET', '/v1/users/valid', {
      token: res.data.access_token,
      tenant: demoTenant,
    });
    expect([byToken.status, byToken.code]).toEqual([403, Code.USER_EXPIRED]);
    const bySignIn = await signIn('two.ways@demo.test', 'Two-ways-1', demoTenant);
    expect([bySignIn.status, bySignIn.code]).toEqual([403, Code.USER_EXPIRED]);
  });
});
