import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
interface Verdict {
  valid: boolean;
  entries: number;
  brokenAt: number | null;
  reason: string | null;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  for (const name of ['One', 'Two', 'Three'])
    await t.call('POST', '/v1/groups', { token: admin.token, body: { groupName: name } });
});
afterAll(() => t.close());

const verify = () => t.call<Verdict>('GET', '/v2/activity/verify', { token: admin.token });

/** Tampering as a database administrator would: as the owner, with the append-only trigger off. */
async function tamper(statement: string) {
  await t.db.systemTx(async (tx) => {
    await tx.execute(sql.raw('alter table activity_log disable trigger activity_log_append_only'));
    await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw('alter table activity_log enable trigger activity_log_append_only'));
  });
}

describe('the hash-chained activity log', () => {
  it('records sign-ins and changes, and the chain verifies', async () => {
    const res = await verify();
    expect(res.data).toMatchObject({ valid: true, brokenAt: null });
    expect(res.data.entries).toBeGreaterThanOrEqual(10);
  });

  it('changes made at the same time in one tenant each get their own entry and the chain stays unbroken', async () => {
    const before = await verify();
    const created = await Promise.all(
      ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'].map((groupName) =>
        t.call('POST', '/v1/groups', { token: admin.token, body: { groupName } }),
      ),
    );
    expect(created.map((r) => r.code)).toEqual([1, 1, 1, 1, 1, 1]);
    const after = await verify();
    expect(after.data).toMatchObject({ valid: true, entries: before.data.entries + 6 });
  });

  it('refuses updates and deletes, even from the owner, while the trigger is on', async () => {
    await expect(
      t.db.system.execute(sql.raw("update activity_log set action = 'x' where seq = 1")),
    ).rejects.toThrow();
    await expect(t.db.system.execute(sql.raw('delete from activity_log where seq = 1'))).rejects.toThrow();
  });

  it('the app role may not update or delete entries at all', async () => {
    const tenantId = admin.tenantId ?? '';
    await expect(
      t.db.withTenant(tenantId, (tx) => tx.execute(sql.raw('delete from activity_log'))),
    ).rejects.toThrow();
  });

  it('detects an edited entry', async () => {
    const before = await verify();
    const seq = before.data.entries - 2;
    await tamper(
      `update activity_log set details = '{"name":"Forged"}' where seq = ${seq} and tenant_id = '${admin.tenantId}'`,
    );
    const after = await verify();
    expect(after.data).toMatchObject({ valid: false, brokenAt: seq });
    expect(after.data.reason).toMatch(/changed/);
  });

  it('detects a deleted entry and a deleted tail', async () => {
    const other = await t.signIn('admin@other.test');
    await t.call('POST', '/v1/groups', { token: other.token, body: { groupName: 'X' } });
    await t.call('POST', '/v1/groups', { token: other.token, body: { groupName: 'Y' } });
    const v = () => t.call<Verdict>('GET', '/v2/activity/verify', { token: other.token });
    const before = await v();
    expect(before.data.valid).toBe(true);
    await tamper(
      `delete from activity_log where seq = ${before.data.entries} and tenant_id = '${other.tenantId}'`,
    );
    expect((await v()).data).toMatchObject({ valid: false, reason: expect.stringMatching(/removed/) });
    await tamper(`delete from activity_log where seq = 1 and tenant_id = '${other.tenantId}'`);
    expect((await v()).data).toMatchObject({ valid: false, brokenAt: 1 });
  });
});
