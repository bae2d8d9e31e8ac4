import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let sa: Session;
beforeAll(async () => {
  t = await startTestServer();
  sa = await t.signIn('superadmin@demo.test');
});
afterAll(() => t.close());

interface Platform {
  signupAllowed: boolean;
  newTenantLicenseDays: number | null;
  newTenantCustodianLimit: number | null;
}

const signup = (n: number) => ({
  email: `founder${n}@platform.test`,
  firstName: 'Fay',
  lastName: 'Founder',
  orgName: `Platform Org ${n}`,
  newPassword: 'Acme-pass-1',
  confirmPassword: 'Acme-pass-1',
});

const DAY = 86_400_000;

describe('platform settings (super admin)', () => {
  it("start from the installation's sign-up setting, with no licence end and no limit for new tenants", async () => {
    const res = await t.call<Platform>('GET', '/v2/platform/settings', { token: sa.token });
    expect(res.data).toEqual({
      signupAllowed: true,
      newTenantLicenseDays: null,
      newTenantCustodianLimit: null,
    });
  });

  it('closing sign-up hides it from the sign-in page and refuses sign-ups with -11 until it is opened again', async () => {
    const closed = await t.call<Platform>('PUT', '/v2/platform/settings', {
      token: sa.token,
      body: { signupAllowed: false },
    });
    expect(closed.data.signupAllowed).toBe(false);
    const pub = await t.call<{ allowSignup: boolean }>('GET', '/public/configuration');
    expect(pub.data.allowSignup).toBe(false);
    expect((await t.call('POST', '/v1/user/signup', { body: signup(1) })).code).toBe(Code.NOT_AUTHORIZED);

    await t.call('PUT', '/v2/platform/settings', { token: sa.token, body: { signupAllowed: true } });
    expect((await t.call('POST', '/v1/user/signup', { body: signup(1) })).code).toBe(1);
  });

  it('gives every new tenant, created or signed up, the licence end and custodian limit set here', async () => {
    const set = await t.call<Platform>('PUT', '/v2/platform/settings', {
      token: sa.token,
      body: { newTenantLicenseDays: 30, newTenantCustodianLimit: 2 },
    });
    expect(set.data).toEqual({ signupAllowed: true, newTenantLicenseDays: 30, newTenantCustodianLimit: 2 });
    const created = await t.call<{ tenantUuid: string; licenseExpiresOn: string }>('POST', '/v2/tenants', {
      token: sa.token,
      body: {
        tenantName: 'Termed',
        adminEmail: 'owner@termed.test',
        adminFirstName: 'T',
        adminLastName: 'O',
      },
    });
    const ends = new Date(created.data.licenseExpiresOn).getTime() - t.clock.now().getTime();
    expect(Math.round(ends / DAY)).toBe(30);

    const signed = await t.call<{ tenantId: string }>('POST', '/v1/user/signup', { body: signup(2) });
    const founder = await t.signIn('founder2@platform.test', 'Acme-pass-1');
    const stats = await t.call<{ custodianLimit: number | null }>('GET', '/v1/users/statistics', {
      token: founder.token,
    });
    expect(stats.data.custodianLimit).toBe(2);
    const listed = await t.call<{ tenantUuid: string; licenseExpiresOn: string | null }[]>(
      'GET',
      '/v2/tenants',
      {
        token: sa.token,
      },
    );
    expect(listed.data.find((x) => x.tenantUuid === signed.data.tenantId)?.licenseExpiresOn).toBeTruthy();
    // Tenants that existed before keep their terms.
    expect(listed.data.filter((x) => x.licenseExpiresOn === null).length).toBeGreaterThan(0);

    const cleared = await t.call<Platform>('PUT', '/v2/platform/settings', {
      token: sa.token,
      body: { newTenantLicenseDays: null, newTenantCustodianLimit: null },
    });
    expect(cleared.data).toEqual({
      signupAllowed: true,
      newTenantLicenseDays: null,
      newTenantCustodianLimit: null,
    });
  });

  it('are refused to a tenant admin (-11), and nonsense values or an empty change are -6', async () => {
    const admin = await t.signIn('admin@demo.test');
    expect((await t.call('GET', '/v2/platform/settings', { token: admin.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    expect(
      (await t.call('PUT', '/v2/platform/settings', { token: admin.token, body: { signupAllowed: false } }))
        .code,
    ).toBe(Code.NOT_AUTHORIZED);
    for (const body of [
      {},
      { newTenantLicenseDays: 0 },
      { newTenantCustodianLimit: -1 },
      { signupAllowed: 'yes' },
    ]) {
      expect((await t.call('PUT', '/v2/platform/settings', { token: sa.token, body })).code).toBe(
        Code.INVALID_INPUT,
      );
    }
  });
});
