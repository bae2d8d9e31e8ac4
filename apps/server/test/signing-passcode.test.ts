import { Code, type RubberStamp, rubberStampValue } from '@signet/contracts';
import { rgbaPng } from '@signet/pdf/testing';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/demo/seed-demo.ts';
import { composeAndSend, multipart, signAll, signatureTag } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let signer2: Session;
let registrar: Session;

async function setPasscode(s: Session, body: Record<string, unknown>) {
  return t.call<{ passcodeFlag: boolean }>('PUT', '/v2/user/passcode', { token: s.token, body });
}

async function clearPasscode(by: Session, userId: string) {
  return t.call<{ passcodeFlag: boolean }>('DELETE', `/v2/users/${userId}/passcode`, { token: by.token });
}

async function stored(userId: string) {
  const [row] = await t.db.system
    .select({ flag: users.passcodeFlag, hash: users.passcodeHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
  registrar = await t.signIn('registrar@demo.test');
});
afterAll(() => t.close());

describe('setting a signing passcode', () => {
  it('a person sets a passcode of 6 to 12 digits typed twice, which sets their passcodeFlag; it is stored hashed and never returned', async () => {
    expect((await stored(registrar.userId))?.flag).toBe(false);
    for (const bad of ['12345', '1234567890123', '12a456'])
      expect((await setPasscode(registrar, { passcode: bad, confirmPasscode: bad })).code).toBe(
        Code.INVALID_INPUT,
      );
    const differ = await setPasscode(registrar, { passcode: '135790', confirmPasscode: '135791' });
    expect([differ.code, differ.data]).toEqual([Code.INVALID_INPUT, { field: 'confirmPasscode' }]);
    expect((await stored(registrar.userId))?.flag).toBe(false);

    const set = await setPasscode(registrar, { passcode: '135790', confirmPasscode: '135790' });
    expect([set.code, set.data]).toEqual([1, { passcodeFlag: true }]);
    const row = await stored(registrar.userId);
    expect(row?.flag).toBe(true);
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain('135790');
    const me = await t.call<{ passcodeFlag: boolean }>('GET', `/v1/users/${registrar.userId}/false`, {
      token: registrar.token,
    });
    expect(me.data.passcodeFlag).toBe(true);
    expect(JSON.stringify(me.data)).not.toContain('$argon2id');
  });

  it('changing it needs the current passcode or the account password: anything else is -17 and changes nothing', async () => {
    const before = (await stored(registrar.userId))?.hash;
    const none = await setPasscode(registrar, { passcode: '246802', confirmPasscode: '246802' });
    const wrong = await setPasscode(registrar, {
      passcode: '246802',
      confirmPasscode: '246802',
      current: '999999',
    });
    expect([none.code, wrong.code]).toEqual([Code.WRONG_OLD_PASSWORD, Code.WRONG_OLD_PASSWORD]);
    expect((await stored(registrar.userId))?.hash).toBe(before);

    const byPasscode = await setPasscode(registrar, {
      passcode: '246802',
      confirmPasscode: '246802',
      current: '135790',
    });
    expect(byPasscode.code).toBe(1);
    const byPassword = await setPasscode(registrar, {
      passcode: '11223344',
      confirmPasscode: '11223344',
      current: DEMO_PASSWORD,
    });
    expect(byPassword.code).toBe(1);
    // The old passcode no longer changes it; the new one does.
    const old = await setPasscode(registrar, {
      passcode: '555666',
      confirmPasscode: '555666',
      current: '246802',
    });
    expect(old.code).toBe(Code.WRONG_OLD_PASSWORD);
    const next = await setPasscode(registrar, {
      passcode: '555666',
      confirmPasscode: '555666',
      current: '11223344',
    });
    expect(next.code).toBe(1);
  });

  it('an admin clears a member’s passcode, which clears the flag; a non-admin is refused with -11, an unknown user is -3', async () => {
    const byCustodian = await clearPasscode(custodian, registrar.userId);
    expect(byCustodian.code).toBe(Code.NOT_AUTHORIZED);
    expect((await stored(registrar.userId))?.flag).toBe(true);
    expect((await clearPasscode(admin, crypto.randomUUID())).code).toBe(Code.USER_NOT_FOUND);

    const cleared = await clearPasscode(admin, registrar.userId);
    expect([cleared.code, cleared.data]).toEqual([1, { passcodeFlag: false }]);
    expect(await stored(registrar.userId)).toEqual({ flag: false, hash: null });
    // A new first passcode needs no current one.
    const again = await setPasscode(registrar, { passcode: '778899', confirmPasscode: '778899' });
    expect(again.code).toBe(1);
  });

  it('setting, changing and clearing are in the activity log', async () => {
    const rows = await t.db.withTenant(admin.tenantId ?? '', (tx) =>
      tx
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(like(activityLog.action, 'user.passcode%')),
    );
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['user.passcodeSet', 'user.passcodeChanged', 'user.passcodeCleared']),
    );
  });
});

describe('applying a rubber stamp with the passcode', () => {
  let stamp: RubberStamp;
  beforeAll(async () => {
    const on = await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { rubberStamp: true } },
    });
    expect(on.code).toBe(1);
    const form = multipart([{ name: 'seal.png', bytes: rgbaPng(40, 40, () => [200, 0, 0, 255]) }], {
      name: 'Passcode seal',
      height: '40',
      width: '40',
    });
    const made = await t.call<RubberStamp>('POST', '/v2/rubberstamp', {
      token: admin.token,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
    expect(made.code).toBe(1);
    stamp = made.data;
    const shared = await t.call('POST', '/v2/rubberstamp/share', {
      token: admin.token,
      body: { id: stamp.id, userIds: [signer2.userId], groupIds: [] },
    });
    expect(shared.code).toBe(1);
    expect((await setPasscode(signer2, { passcode: '864200', confirmPasscode: '864200' })).code).toBe(1);
  });

  async function epakWithStampTag(subject: string) {
    const signer = 'signer2@demo.test';
    const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [signer] }], {
      subject,
      draft: true,
    });
    const stampTag = signatureTag(signer, 1, 1, 300, 200, {
      key: 'rubberStamp',
      type: 'image',
      blockWidth: 60,
      blockHeight: 60,
      validations: { required: { value: false } },
    });
    const placed = await t.call('POST', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, {
      token: custodian.token,
      body: { tags: [signatureTag(signer, 1, 1, 40, 60), stampTag] },
    });
    expect(placed.code).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
    const tags = await t.call<{ uuid: string; key: string }[]>(
      'GET',
      `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`,
      { token: custodian.token },
    );
    const stampTagId = tags.data.find((x) => x.key === 'rubberStamp')?.uuid ?? '';
    expect(stampTagId).not.toBe('');
    return { ...e, stampTagId };
  }

  const stampWith = (e: { epakId: string; documentId: string; stampTagId: string }, passcode?: string) =>
    signAll(t, signer2.token, e.epakId, e.documentId, {
      tags: [{ uuid: e.stampTagId, value: rubberStampValue(stamp.id) }],
      ...(passcode === undefined ? {} : { passcode }),
    });

  it('the stamp is applied only with the signer’s right passcode: none or a wrong one is -1004 naming the tag', async () => {
    const e = await epakWithStampTag('Passcode needed');
    const none = await stampWith(e);
    const wrong = await stampWith(e, '111111');
    for (const r of [none, wrong])
      expect([r.status, r.code, r.data]).toEqual([
        400,
        Code.WRONG_PASSWORD,
        { tag: e.stampTagId, rubberStamp: 'passcode' },
      ]);
    const right = await stampWith(e, '864200');
    expect([right.code, right.data.status]).toEqual([1, 'Completed']);
  });

  it('five wrong passcodes in a row lock stamp use (-14), even with the right one, until 15 minutes pass or an admin clears the passcode', async () => {
    const e = await epakWithStampTag('Locked out');
    for (let i = 0; i < 4; i++) expect((await stampWith(e, '000000')).code).toBe(Code.WRONG_PASSWORD);
    const fifth = await stampWith(e, '000000');
    expect([fifth.status, fifth.code]).toEqual([403, Code.USER_LOCKED]);
    expect(fifth.data).toMatchObject({ rubberStamp: 'passcodeLocked', lockMinutes: 15 });
    expect((await stampWith(e, '864200')).code).toBe(Code.USER_LOCKED);
    // Changing the passcode with the current one is locked too.
    const change = await setPasscode(signer2, {
      passcode: '123123',
      confirmPasscode: '123123',
      current: '864200',
    });
    expect(change.code).toBe(Code.USER_LOCKED);

    t.clock.advance(14 * 60);
    expect((await stampWith(e, '864200')).code).toBe(Code.USER_LOCKED);
    t.clock.advance(61);
    // The access tokens did not outlive the wait.
    [signer2, custodian, admin] = (await Promise.all(
      ['signer2@demo.test', 'custodian@demo.test', 'admin@demo.test'].map((m) => t.signIn(m)),
    )) as [Session, Session, Session];
    const after = await stampWith(e, '864200');
    expect([after.code, after.data.status]).toEqual([1, 'Completed']);

    // Locked again; an admin clearing the passcode lifts the lock, and a new passcode works at once.
    const e2 = await epakWithStampTag('Cleared by admin');
    for (let i = 0; i < 5; i++) await stampWith(e2, '000000');
    expect((await stampWith(e2, '864200')).code).toBe(Code.USER_LOCKED);
    expect((await clearPasscode(admin, signer2.userId)).code).toBe(1);
    const noFlag = await stampWith(e2, '864200');
    expect([noFlag.code, noFlag.data]).toEqual([
      Code.INVALID_INPUT,
      { tag: e2.stampTagId, rubberStamp: 'passcodeFlag' },
    ]);
    expect((await setPasscode(signer2, { passcode: '97531086', confirmPasscode: '97531086' })).code).toBe(1);
    const stamped = await stampWith(e2, '97531086');
    expect([stamped.code, stamped.data.status]).toEqual([1, 'Completed']);
  });
});
