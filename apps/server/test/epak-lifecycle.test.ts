import { Code, type Tag } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { epakDetail, startLifecycleServer, tokenOfLink } from './support/epak-lifecycle.ts';
import { linkIn } from './support/mail-catcher.ts';
import type { Session, TestServer } from './support/test-server.ts';

// Rejecting, delegating, in-person signing and the owner's controls of an ePak, through the HTTP API.

let t: TestServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

const get = (s: Session, id: string) => epakDetail(t, s, id);

beforeAll(async () => {
  ({ t, custodian, signer1, signer2 } = await startLifecycleServer());
});
afterAll(() => t.close());

describe('rejecting', () => {
  it('needs a reason (-49); a rejected ePak refuses further action (-23)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
      { subject: 'Reject me' },
    );
    const none = await t.call('POST', `/v2/epaks/${e.epakId}/reject`, { token: signer1.token, body: {} });
    expect(none.code).toBe(Code.REASON_NOT_SELECTED);
    const reasons = await t.call<{ reasonId: number; kind: string }[]>('GET', '/v1/reasons', {
      token: signer1.token,
    });
    const reject = reasons.data.find((r) => r.kind === 'reject');
    const res = await t.call<{ status: string }>('POST', `/v2/epaks/${e.epakId}/reject`, {
      token: signer1.token,
      body: { reasonId: reject?.reasonId, comment: 'Clause 3 is wrong' },
    });
    expect(res.data.status).toBe('Rejected');
    const mail = await t.mail.next('custodian@demo.test', /Declined/);
    expect(mail.text).toMatch(/Clause 3 is wrong/);
    const late = await signAll(t, signer2.token, e.epakId, e.documentId);
    expect(late.code).toBe(Code.EPAK_REJECTED);
    const inFolder = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Rejected' },
    });
    expect(inFolder.data.map((x) => x.ePakId)).toContain(e.epakId);
  });
});

describe('delegating', () => {
  it('a new person receives the delegated action and signs through the emailed link without an account', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Delegate me' },
    );
    const res = await t.call<{ delegateId: string }>('POST', `/v2/epaks/${e.epakId}/delegate`, {
      token: signer1.token,
      body: { email: 'stand.in@partner.test', firstName: 'Stan', lastName: 'Din', comment: 'On leave' },
    });
    expect(res.code).toBe(1);
    const selfAgain = await signAll(t, signer1.token, e.epakId, e.documentId);
    expect(selfAgain.code).toBe(Code.USER_STEP_NOT_PENDING);
    const link = linkIn(await t.mail.next('stand.in@partner.test', /sign/i));
    const exchanged = await t.call<{ access_token: string; ePakId: string }>(
      'GET',
      `/v2/epaks/${tokenOfLink(link)}/exchange`,
    );
    expect(exchanged.code).toBe(1);
    expect(exchanged.data.ePakId).toBe(e.epakId);
    const linkToken = exchanged.data.access_token;
    expect((await t.call('GET', '/v1/users', { token: linkToken })).code).toBe(Code.NOT_AUTHORIZED);
    const signed = await signAll(t, linkToken, e.epakId, e.documentId);
    expect(signed.data).toMatchObject({ actionDone: true, status: 'Completed' });
    const done = await get(custodian, e.epakId);
    expect(done.data.steps[0]?.recipients.map((r) => [r.email, r.status])).toEqual([
      ['signer1@demo.test', 'Delegated'],
      ['stand.in@partner.test', 'Signed'],
    ]);
    const used = await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`);
    expect(used.code).toBe(Code.INVALID_EASY_SIGN_LINK);
  });

  it('cancelling a delegation gives the action back; a delegate cannot delegate again (-163)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Cancel delegation' },
    );
    await t.call('POST', `/v2/epaks/${e.epakId}/delegate`, {
      token: signer1.token,
      body: { email: 'signer2@demo.test' },
    });
    const again = await t.call('POST', `/v2/epaks/${e.epakId}/delegate`, {
      token: signer2.token,
      body: { email: 'registrar@demo.test' },
    });
    expect(again.code).toBe(Code.DELEGATION_NOT_ALLOWED);
    const stateId = e.steps[0]?.id ?? '';
    const cancel = await t.call(
      'POST',
      `/v2/epaks/${e.epakId}/user/signer1@demo.test/${stateId}/delegatecancel`,
      { token: signer1.token },
    );
    expect(cancel.code).toBe(1);
    const twice = await t.call(
      'POST',
      `/v2/epaks/${e.epakId}/user/signer1@demo.test/${stateId}/delegatecancel`,
      { token: signer1.token },
    );
    expect(twice.code).toBe(Code.DELEGATION_NOT_ALLOWED);
    // The withdrawn delegate is no longer part of the ePak: it is not even shown to them.
    const withdrawn = await signAll(t, signer2.token, e.epakId, e.documentId);
    expect([withdrawn.status, withdrawn.code]).toEqual([404, Code.GENERIC_ERROR]);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).data.status).toBe('Completed');
  });
});

describe('in-person signing', () => {
  it('the custodian hosts the signer on their own session; the signer cannot sign alone (-28)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'INPERSONSIGN', recipients: ['signer2@demo.test'] }],
      {
        subject: 'Sign here, in the office',
      },
    );
    const guest = e.steps[0]?.recipients[0];
    // The hosting custodian sees the signer's tags as theirs to fill; they are not layered away.
    const blocks = await t.call<Tag[]>(
      'GET',
      `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`,
      {
        token: custodian.token,
      },
    );
    expect(blocks.data.map((b) => [b.userEmail, b.disabled, b.readOnly])).toEqual([
      ['signer2@demo.test', false, false],
    ]);
    const alone = await signAll(t, signer2.token, e.epakId, e.documentId);
    expect(alone.code).toBe(Code.USER_STEP_NOT_PENDING);
    const notOwner = await signAll(t, signer1.token, e.epakId, e.documentId, { recipientId: guest?.id });
    expect(notOwner.code).not.toBe(1);
    const hosted = await signAll(t, custodian.token, e.epakId, e.documentId, { recipientId: guest?.id });
    expect(hosted.data).toMatchObject({ actionDone: true, status: 'Completed' });
    const done = await get(custodian, e.epakId);
    expect(done.data.steps[0]?.recipients.map((r) => [r.email, r.status])).toEqual([
      ['signer2@demo.test', 'Signed'],
    ]);
  });
});

describe('the owner’s controls', () => {
  it('reminds a recipient whose turn it is, with the link already sent (it keeps working)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      { subject: 'Remind me' },
    );
    const first = linkIn(await t.mail.next('signer2@demo.test', /Please sign: Remind me/));
    const r = e.steps[0]?.recipients[0];
    const res = await t.call(
      'POST',
      `/v2/epaks/${e.epakId}/user/${r?.userId}/state/${e.steps[0]?.id}/wforder/1/reminder`,
      { token: custodian.token },
    );
    expect(res.code).toBe(1);
    const reminder = linkIn(await t.mail.next('signer2@demo.test', /Reminder: Please sign: Remind me/));
    // One link per recipient (docs/documents-and-epaks.md): links handed out earlier, by mail or through
    // an integration, stay usable until the recipient acts.
    expect(reminder).toBe(first);
    expect((await t.call('GET', `/v2/epaks/${tokenOfLink(reminder)}/exchange`)).code).toBe(1);
    const notOwner = await t.call(
      'POST',
      `/v2/epaks/${e.epakId}/user/${r?.userId}/state/${e.steps[0]?.id}/wforder/1/reminder`,
      { token: signer1.token },
    );
    expect(notOwner.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('removing the last pending signer of a step moves the workflow on', async () => {
    const e = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] },
      { type: 'SIGN', recipients: ['submitter@demo.test'] },
    ]);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).data.actionDone).toBe(true);
    const pending = e.steps[0]?.recipients.find((r) => r.email === 'signer2@demo.test');
    const res = await t.call('POST', `/v1/epak/${e.epakId}/deleteSigner`, {
      token: custodian.token,
      body: { recipientId: pending?.id },
    });
    expect(res.code).toBe(1);
    const after = await get(custodian, e.epakId);
    expect(after.data.steps.map((s) => s.recipients.map((r) => r.status))).toEqual([['Signed'], ['Pending']]);
    const acted = e.steps[0]?.recipients.find((r) => r.email === 'signer1@demo.test');
    const signedAlready = await t.call('POST', `/v1/epak/${e.epakId}/deleteSigner`, {
      token: custodian.token,
      body: { recipientId: acted?.id },
    });
    expect(signedAlready.code).toBe(Code.USER_STEP_NOT_PENDING);
  });

  it('stops and resumes; a stopped ePak waits in Stopped, not in anyone’s Inbox', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Stop me' },
    );
    expect(
      (
        await t.call<{ status: string }>('POST', '/v2/epak/status', {
          token: custodian.token,
          body: { ePakId: e.epakId, status: 'Stopped' },
        })
      ).data.status,
    ).toBe('Stopped');
    const stopped = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Stopped' },
    });
    expect(stopped.data.map((x) => x.ePakId)).toContain(e.epakId);
    const inbox = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Inbox' },
    });
    expect(inbox.data.map((x) => x.ePakId)).not.toContain(e.epakId);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).code).toBe(Code.USER_STEP_NOT_PENDING);
    expect(
      (
        await t.call<{ status: string }>('POST', '/v2/epak/status', {
          token: custodian.token,
          body: { ePakId: e.epakId, status: 'InProgress' },
        })
      ).data.status,
    ).toBe('InProgress');
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).data.status).toBe('Completed');
  });

  it('archives a completed ePak (-47 after), keeps it from deletion until its retention date (-25), and deletes others', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Archive me' },
    );
    await signAll(t, signer1.token, e.epakId, e.documentId);
    expect(
      (await t.call('DELETE', '/v2/epaks', { token: custodian.token, body: { ePakIds: [e.epakId] } })).code,
    ).toBe(Code.PERMANENT_STORAGE_ENABLED);
    const period = await t.call<{ retentionDate: string }>(
      'PUT',
      `/v2/updateEpakArchivalPeriod/${e.epakId}`,
      { token: custodian.token, body: { archivalPeriod: '10' } },
    );
    expect(period.data.retentionDate).toBeTruthy();
    expect(
      (await t.call<{ status: string }>('POST', `/v2/epak/${e.epakId}/archive`, { token: custodian.token }))
        .data.status,
    ).toBe('Archived');
    expect((await t.call('POST', `/v2/epak/${e.epakId}/archive`, { token: custodian.token })).code).toBe(
      Code.EPAK_ARCHIVED,
    );
    const archived = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Archived' },
    });
    expect(archived.data.map((x) => x.ePakId)).toContain(e.epakId);

    const draft = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Delete me', draft: true },
    );
    expect(
      (await t.call('DELETE', '/v2/epaks', { token: custodian.token, body: { ePakIds: [draft.epakId] } }))
        .code,
    ).toBe(1);
    const deleted = await t.call<{ ePakId: string; deletedOn: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Deleted' },
    });
    expect(deleted.data.find((x) => x.ePakId === draft.epakId)?.deletedOn).toBeTruthy();
    expect((await t.call('POST', `/v2/epaks/${draft.epakId}/start`, { token: custodian.token })).code).toBe(
      Code.EPAK_DELETED,
    );
  });

  it('sets when reminders start', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { draft: true },
    );
    const when = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const res = await t.call<{ notificationStartDate: string }>('PUT', '/v2/epak/notif/date', {
      token: custodian.token,
      body: { ePakId: e.epakId, notificationStartDate: when },
    });
    expect(res.data.notificationStartDate).toBe(when);
    const list = await t.call<{ ePakId: string; notificationStartDate: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Draft' },
    });
    expect(list.data.find((x) => x.ePakId === e.epakId)?.notificationStartDate).toBe(when);
  });
});
