import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/mail-catcher.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let sa: Session;
beforeAll(async () => {
  t = await startTestServer();
  sa = await t.signIn('superadmin@demo.test');
});
afterAll(() => t.close());

describe('super admins', () => {
  it('a super admin signs in to no tenant, with the super_admin role', async () => {
    const me = await t.call<{ role: string; userTenantList: unknown[] }>('GET', '/v1/users/valid', {
      token: sa.token,
    });
    expect(sa.tenantId).toBeNull();
    expect(me.data).toMatchObject({ role: 'super_admin', userTenantList: [] });
  });

  it('lists, registers and disables super admins; a new one sets a password from the mailed link', async () => {
    const reg = await t.call<{ userId: string; status: string }>('POST', '/v2/user/registerAsSuperadmin', {
      token: sa.token,
      body: { email: 'ops@signet.test', firstName: 'Ops', lastName: 'Person' },
    });
    expect(reg.data.status).toBe('enabled');
    const link = linkIn(await t.mail.next('ops@signet.test', /super/));
    const token = new URL(link).searchParams.get('token');
    expect(
      (
        await t.call('POST', '/public/users/password', {
          body: { token, newPassword: 'Ops-pass-12', confirmPassword: 'Ops-pass-12' },
        })
      ).code,
    ).toBe(1);
    const ops = await t.signIn('ops@signet.test', 'Ops-pass-12');
    const list = await t.call<{ email: string }[]>('GET', '/v2/user/getAllSuperadmins', { token: ops.token });
    expect(list.data.map((s) => s.email).sort()).toEqual(['ops@signet.test', 'superadmin@demo.test']);
    const self = await t.call('PUT', '/v2/user/updateSuperadminStatus', {
      token: sa.token,
      body: { userId: sa.userId, status: 'disabled' },
    });
    expect(self.code).toBe(Code.NOT_AUTHORIZED);
    const off = await t.call('PUT', '/v2/user/updateSuperadminStatus', {
      token: sa.token,
      body: { userId: reg.data.userId, status: 'disabled' },
    });
    expect(off.code).toBe(1);
    expect((await t.call('GET', '/v2/user/getAllSuperadmins', { token: ops.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
  });

  it('registering an existing super admin again is -81', async () => {
    const res = await t.call('POST', '/v2/user/registerAsSuperadmin', {
      token: sa.token,
      body: { email: 'superadmin@demo.test', firstName: 'S', lastName: 'A' },
    });
    expect(res.code).toBe(Code.USER_EXISTS);
  });

  it('tenant admins cannot use the super admin calls', async () => {
    const admin = await t.signIn('admin@demo.test');
    expect((await t.call('GET', '/v2/user/getAllSuperadmins', { token: admin.token })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    expect((await t.call('GET', '/v2/tenants', { token: admin.token })).code).toBe(Code.NOT_AUTHORIZED);
  });

  it('a super admin manages tenants but reaches none of their users or data', async () => {
    expect((await t.call('GET', '/v1/users', { token: sa.token })).code).toBe(Code.NOT_AUTHORIZED);
    const demo = (await t.signIn('admin@demo.test')).tenantId ?? '';
    expect((await t.call('GET', '/v1/users', { token: sa.token, tenant: demo })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
  });
});

describe('tenants', () => {
  it('lists tenants with user counts', async () => {
    const res = await t.call<{ tenantName: string; userCount: number }[]>('GET', '/v2/tenants', {
      token: sa.token,
    });
    expect(res.data.find((x) => x.tenantName === 'Demo')?.userCount).toBe(6);
    expect(res.data.find((x) => x.tenantName === 'Other')?.userCount).toBe(1);
  });

  it('creates a tenant and invites its owner; a taken name is -87', async () => {
    const res = await t.call<{ tenantUuid: string }>('POST', '/v2/tenants', {
      token: sa.token,
      body: {
        tenantName: 'Globex',
        adminEmail: 'owner@globex.test',
        adminFirstName: 'Gil',
        adminLastName: 'Owner',
      },
    });
    expect(res.code).toBe(1);
    const link = linkIn(await t.mail.next('owner@globex.test', /invited/));
    const token = new URL(link).searchParams.get('token');
    await t.call('POST', '/public/users/password', {
      body: { token, newPassword: 'Globex-pass-1', confirmPassword: 'Globex-pass-1' },
    });
    const owner = await t.signIn('owner@globex.test', 'Globex-pass-1');
    expect(owner.tenantId).toBe(res.data.tenantUuid);
    expect((await t.call<{ role: string }>('GET', '/v1/users/valid', { token: owner.token })).data.role).toBe(
      'root',
    );
    const dup = await t.call('POST', '/v2/tenants', {
      token: sa.token,
      body: { tenantName: 'globex', adminEmail: 'x@globex.test', adminFirstName: 'X', adminLastName: 'Y' },
    });
    expect(dup.code).toBe(Code.TENANT_EXISTS);
  });

  it('a disabled tenant answers -88 to its users, on calls and at sign-in', async () => {
    const other = await t.signIn('admin@other.test');
    const off = await t.call('PUT', `/v2/tenants/${other.tenantId}`, {
      token: sa.token,
      body: { status: 'disabled' },
    });
    expect(off.code).toBe(1);
    const call = await t.call('GET', '/v1/users', { token: other.token });
    expect([call.code, call.status]).toEqual([Code.TRIAL_EXPIRED, 403]);
    const signIn = await t.call('POST', '/v1/authenticate', {
      form: { username: 'admin@other.test', password: 'Signet-demo-1' },
    });
    expect(signIn.code).toBe(Code.TRIAL_EXPIRED);
    await t.call('PUT', `/v2/tenants/${other.tenantId}`, { token: sa.token, body: { status: 'active' } });
    expect((await t.call('GET', '/v1/users', { token: other.token })).code).toBe(1);
  });

  it("a tenant's admin cannot move its licence end or custodian limit; the super admin can, and past the end it answers -88", async () => {
    const admin = await t.signIn('admin@demo.test');
    const sa = await t.signIn('superadmin@demo.test');
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    const nextYear = new Date(t.clock.now().getTime() + 365 * 86_400_000).toISOString();
    for (const body of [{ licenseExpiresOn: nextYear }, { custodianLimit: 1000 }]) {
      const own = await t.call('PUT', '/v1/configuration', { token: admin.token, body });
      expect(own.code).toBe(Code.NOT_AUTHORIZED);
    }
    const demo = admin.tenantId ?? '';
    const ended = await t.call('PUT', `/v2/tenants/${demo}`, {
      token: sa.token,
      body: { licenseExpiresOn: yesterday, custodianLimit: 50 },
    });
    expect(ended.code).toBe(1);
    expect((await t.call('GET', '/v1/users', { token: admin.token })).code).toBe(Code.TRIAL_EXPIRED);
    await t.call('PUT', `/v2/tenants/${demo}`, {
      token: sa.token,
      body: { licenseExpiresOn: null, custodianLimit: null },
    });
    expect((await t.call('GET', '/v1/users', { token: admin.token })).code).toBe(1);
  });
  it('renames a tenant and moves its licence end; a past end answers -88 until it is extended, and other settings stay', async () => {
    const created = await t.call<{ tenantUuid: string; licenseExpiresOn: string | null }>(
      'POST',
      '/v2/tenants',
      {
        token: sa.token,
        body: {
          tenantName: 'Initech',
          adminEmail: 'owner@initech.test',
          adminFirstName: 'Ian',
          adminLastName: 'Owner',
        },
      },
    );
    expect(created.data.licenseExpiresOn).toBeNull();
    const id = created.data.tenantUuid;
    const link = linkIn(await t.mail.next('owner@initech.test', /invited/));
    await t.call('POST', '/public/users/password', {
      body: {
        token: new URL(link).searchParams.get('token'),
        newPassword: 'Initech-pass-1',
        confirmPassword: 'Initech-pass-1',
      },
    });
    const owner = await t.signIn('owner@initech.test', 'Initech-pass-1');
    expect(
      (await t.call('PUT', '/v1/configuration', { token: owner.token, body: { dateFormat: 'YYYY-MM-DD' } }))
        .code,
    ).toBe(1);

    const renamed = await t.call<{ tenantName: string }>('PUT', `/v2/tenants/${id}`, {
      token: sa.token,
      body: { tenantName: 'Initech Global' },
    });
    expect(renamed.data.tenantName).toBe('Initech Global');
    const taken = await t.call('PUT', `/v2/tenants/${id}`, { token: sa.token, body: { tenantName: 'demo' } });
    expect([taken.code, taken.status]).toEqual([Code.TENANT_EXISTS, 409]);

    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    const ended = await t.call<{ licenseExpiresOn: string | null }>('PUT', `/v2/tenants/${id}`, {
      token: sa.token,
      body: { licenseExpiresOn: yesterday },
    });
    expect(ended.data.licenseExpiresOn).toBe(yesterday);
    expect((await t.call('GET', '/v1/users', { token: owner.token })).code).toBe(Code.TRIAL_EXPIRED);

    const nextYear = new Date(t.clock.now().getTime() + 365 * 86_400_000).toISOString();
    await t.call('PUT', `/v2/tenants/${id}`, { token: sa.token, body: { licenseExpiresOn: nextYear } });
    const list = await t.call<{ tenantUuid: string; tenantName: string; licenseExpiresOn: string | null }[]>(
      'GET',
      '/v2/tenants',
      { token: sa.token },
    );
    expect(list.data.find((x) => x.tenantUuid === id)).toMatchObject({
      tenantName: 'Initech Global',
      licenseExpiresOn: nextYear,
    });
    const config = await t.call<{ dateFormat: string }>('GET', '/v1/configuration', { token: owner.token });
    expect([config.code, config.data.dateFormat]).toEqual([1, 'YYYY-MM-DD']);
  });

  it('a tenant change with nothing in it, or a licence end that is not a date, is refused with -6', async () => {
    const demo = (await t.signIn('admin@demo.test')).tenantId ?? '';
    expect((await t.call('PUT', `/v2/tenants/${demo}`, { token: sa.token, body: {} })).code).toBe(
      Code.INVALID_INPUT,
    );
    expect(
      (await t.call('PUT', `/v2/tenants/${demo}`, { token: sa.token, body: { licenseExpiresOn: 'soon' } }))
        .code,
    ).toBe(Code.INVALID_INPUT);
  });
});
