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

  it('a tenant past its licence date answers -88', async () => {
    const admin = await t.signIn('admin@demo.test');
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    expect(
      (
        await t.call('PUT', '/v1/configuration', {
          token: admin.token,
          body: { licenseExpiresOn: yesterday },
        })
      ).code,
    ).toBe(1);
    expect((await t.call('GET', '/v1/users', { token: admin.token })).code).toBe(Code.TRIAL_EXPIRED);
  });
});
