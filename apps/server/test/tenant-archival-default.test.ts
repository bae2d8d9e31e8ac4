import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const DAY_MS = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const tokenOf = async (email: string) => (await t.signIn(email)).token;

/** Sends a one-signer ePak, optionally with its own archival period, signs it and answers its retention date. */
async function completed(ownPeriod?: number): Promise<{ retentionDate: string | null; completedAt: number }> {
  const custodian = await tokenOf('custodian@demo.test');
  const e = await composeAndSend(t, custodian, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }]);
  if (ownPeriod !== undefined)
    await t.call('PUT', `/v2/updateEpakArchivalPeriod/${e.epakId}`, {
      token: custodian,
      body: { archivalPeriod: ownPeriod },
    });
  const completedAt = t.clock.now().getTime();
  await signAll(t, await tokenOf('signer1@demo.test'), e.epakId, e.documentId);
  const detail = await t.call<{ status: string; retentionDate: string | null }>(
    'GET',
    `/v2/epaks/${e.epakId}`,
    {
      token: custodian,
    },
  );
  expect(detail.data.status).toBe('Completed');
  return { retentionDate: detail.data.retentionDate, completedAt };
}

describe("the tenant's default archival period", () => {
  it('dates a completed ePak without a period of its own, gives way to one it has, and does nothing while unset', async () => {
    const none = await completed();
    expect(none.retentionDate).toBeNull();

    const admin = await tokenOf('admin@demo.test');
    const put = await t.call<{ archivalPeriodDays: number | null }>('PUT', '/v1/configuration', {
      token: admin,
      body: { archivalPeriodDays: 30 },
    });
    expect([put.code, put.data.archivalPeriodDays]).toEqual([1, 30]);

    const byDefault = await completed();
    expect(Date.parse(byDefault.retentionDate ?? '')).toBe(byDefault.completedAt + 30 * DAY_MS);
    const own = await completed(5);
    expect(Date.parse(own.retentionDate ?? '')).toBe(own.completedAt + 5 * DAY_MS);

    expect(
      (await t.call('PUT', '/v1/configuration', { token: admin, body: { archivalPeriodDays: -1 } })).code,
    ).toBe(-6);
  });
});
