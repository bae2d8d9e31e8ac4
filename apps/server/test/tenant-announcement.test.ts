import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const announcement = {
  text: 'Maintenance tonight',
  startTime: '2024-01-01T00:00:00.000Z',
  endTime: '2024-01-02T00:00:00.000Z',
};

interface Config {
  announcement: typeof announcement | null;
  passwordPolicy: { minLength: number };
}

describe("the tenant's announcement banner", () => {
  it('is set by an admin, read by every member of that tenant only, and removed with null', async () => {
    const admin = await t.signIn('admin@demo.test');
    const put = await t.call<Config>('PUT', '/v1/configuration', {
      token: admin.token,
      body: { announcement },
    });
    expect([put.code, put.data.announcement]).toEqual([1, announcement]);

    const signer = await t.signIn('signer1@demo.test');
    const seen = await t.call<Config>('GET', '/v1/configuration', { token: signer.token });
    expect(seen.data.announcement).toEqual(announcement);
    const other = await t.signIn('admin@other.test');
    expect(
      (await t.call<Config>('GET', '/v1/configuration', { token: other.token })).data.announcement,
    ).toBeNull();

    const removed = await t.call<Config>('PUT', '/v1/configuration', {
      token: admin.token,
      body: { announcement: null },
    });
    expect([removed.code, removed.data.announcement]).toEqual([1, null]);
  });

  it('refuses an announcement that ends before it starts, or without real dates or words, and keeps the settings', async () => {
    const admin = await t.signIn('admin@demo.test');
    for (const bad of [
      { ...announcement, endTime: '2023-12-31T00:00:00.000Z' },
      { ...announcement, startTime: 'tomorrow' },
      { ...announcement, text: '  ' },
    ]) {
      const res = await t.call('PUT', '/v1/configuration', {
        token: admin.token,
        body: { announcement: bad, passwordPolicy: { minLength: 20 } },
      });
      expect(res.code).toBe(Code.INVALID_INPUT);
    }
    const config = await t.call<Config>('GET', '/v1/configuration', { token: admin.token });
    expect([config.data.announcement, config.data.passwordPolicy.minLength]).toEqual([null, 8]);
  });

  it('is saved on its own without resetting the other settings, the licence end among them', async () => {
    const admin = await t.signIn('admin@demo.test');
    const later = new Date(t.clock.now().getTime() + 365 * 86_400_000).toISOString();
    const body = { twoFactor: false, passwordPolicy: { minLength: 12 }, internalDomains: ['demo.test'] };
    expect((await t.call('PUT', '/v1/configuration', { token: admin.token, body })).code).toBe(1);
    const sa = await t.signIn('superadmin@demo.test');
    expect(
      (
        await t.call('PUT', `/v2/tenants/${admin.tenantId}`, {
          token: sa.token,
          body: { licenseExpiresOn: later },
        })
      ).code,
    ).toBe(1);
    const put = await t.call<Config & { internalDomains: string[] }>('PUT', '/v1/configuration', {
      token: admin.token,
      body: { announcement },
    });
    expect([put.data.passwordPolicy.minLength, put.data.internalDomains]).toEqual([12, ['demo.test']]);
    const tenants = await t.call<{ tenantUuid: string; licenseExpiresOn: string | null }[]>(
      'GET',
      '/v2/tenants',
      {
        token: (await t.signIn('superadmin@demo.test')).token,
      },
    );
    expect(tenants.data.find((x) => x.tenantUuid === admin.tenantId)?.licenseExpiresOn).toBe(later);
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { announcement: null, passwordPolicy: {}, internalDomains: [] },
    });
    await t.call('PUT', `/v2/tenants/${admin.tenantId}`, {
      token: sa.token,
      body: { licenseExpiresOn: null },
    });
  });

  it('is not for custodians to set', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const res = await t.call('PUT', '/v1/configuration', { token: custodian.token, body: { announcement } });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });
});
