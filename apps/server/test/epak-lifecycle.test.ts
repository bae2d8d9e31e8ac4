import { Code, type Tag } from '@signet/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentNotifications } from '../src/db/repositories/notifications.ts';
import { epaks, mailOutbox, recipients } from '../src/db/schema/index.ts';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import {
  composeAndSend,
  multipart,
  SIGNATURE_PNG,
  samplePdf,
  signAll,
  signatureTag,
  upload,
} from './support/epak-helpers.ts';
import { linkIn } from './support/mail-catcher.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

interface Detail {
  status: string;
  steps: {
    id: string;
    wfOrderId: number;
    recipients: { id: string; userId: string; email: string; status: string }[];
  }[];
  documents: { id: string; name: string }[];
}

const get = (s: Session, id: string) => t.call<Detail>('GET', `/v2/epaks/${id}`, { token: s.token });
/** The push notifications a user was sent about one ePak, oldest first. */
const pushes = async (s: Session, epakId: string) =>
  (await t.db.withTenant(s.tenantId ?? '', (tx) => recentNotifications(tx, s.userId, 500)))
    .filter((n) => n.epakId === epakId)
    .reverse()
    .map((n) => ({ type: n.type, body: n.body }));
/** Mail queued with this subject (sent or not). */
const queuedMail = (subject: string) =>
  t.db.system.select().from(mailOutbox).where(like(mailOutbox.subject, subject));
const tokenOfLink = (link: string) => new URL(link).searchParams.get('easytoken') ?? '';

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
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

describe('links, bulk signing and attachments', () => {
  it('refuses an unknown easy-sign token (-42) and asks for the security code (-12)', async () => {
    expect((await t.call('GET', `/v2/epaks/${'x'.repeat(43)}/exchange`)).code).toBe(
      Code.INVALID_EASY_SIGN_LINK,
    );
    await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['registrar@demo.test'] }], {
      subject: 'Coded',
      extra: { securityCode: '2468' },
    });
    const link = linkIn(await t.mail.next('registrar@demo.test', /Coded/));
    expect((await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`)).code).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`, { query: { code: '1111' } })).code,
    ).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`, { query: { code: '2468' } })).code,
    ).toBe(1);
  });

  it('a signed-in recipient opens a secured ePak only after entering its code once (-12 before)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Coded for members',
        extra: { securityCode: '9753' },
      },
    );
    const locked = await get(signer1, e.epakId);
    expect([locked.code, locked.data]).toEqual([Code.WRONG_ANSWER, { securityCodeRequired: true }]);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).code).toBe(Code.WRONG_ANSWER);
    const listed = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', { token: signer1.token });
    expect(listed.data.map((x) => x.ePakId)).toContain(e.epakId);
    const unlock = `/v2/epaks/${e.epakId}/unlock`;
    const wrong = await t.call('POST', unlock, { token: signer1.token, body: { securityCode: '1111' } });
    expect(wrong.code).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('POST', unlock, { token: signer1.token, body: { securityCode: '9753' } })).code,
    ).toBe(1);
    expect((await get(signer1, e.epakId)).code).toBe(1);
    expect((await get(custodian, e.epakId)).code).toBe(1);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).data.status).toBe('Completed');
    const activity = await t.call<{ action: string }[]>('GET', `/v2/epaks/${e.epakId}/activity`, {
      token: custodian.token,
    });
    expect(activity.data.map((a) => a.action)).toContain('epak.code.wrong');
  });

  it('bulk signs the ePaks waiting for the user and skips the rest', async () => {
    const a = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk A' },
    );
    const b = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk B' },
    );
    const c = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'REVIEW', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk C' },
    );
    const res = await t.call<{ ePakId: string; status: string }[]>('POST', '/v2/epaks/bulksign', {
      token: signer2.token,
      body: { ePakIds: [a.epakId, b.epakId, c.epakId], signatureImage: SIGNATURE_PNG },
    });
    expect(res.data.map((x) => x.status)).toEqual(['SIGNED', 'SIGNED', 'SKIPPED']);
    expect((await get(custodian, a.epakId)).data.status).toBe('Completed');
  });

  it('takes the file an attachment tag asks for, and documents added to an ePak', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Attach', draft: true },
    );
    const attachmentTag = {
      key: 'attachment',
      type: 'attachment',
      label: 'ID proof',
      userEmail: 'signer1@demo.test',
      wfsOrderId: 1,
      pageNumber: 1,
      positionX: 40,
      positionY: 400,
      blockWidth: 120,
      blockHeight: 30,
    };
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    const existing = await t.call<{ uuid: string }[]>('GET', blocks, { token: custodian.token });
    await t.call('PUT', blocks, { token: custodian.token, body: { tags: [attachmentTag] } });
    const noFile = await t.call('POST', `/v2/epak/${e.epakId}/attach`, { token: custodian.token, body: {} });
    expect(noFile.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const extra = multipart([{ name: 'Annex.pdf', bytes: samplePdf('Annex', 1) }]);
    const added = await t.call<{ documentId: string }[]>('POST', `/v2/epak/${e.epakId}/attach`, {
      token: custodian.token,
      body: extra.body,
      headers: { 'content-type': extra.contentType },
    });
    expect(added.code).toBe(1);
    await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token });
    const tags = await t.call<{ uuid: string; type: string }[]>('GET', blocks, { token: signer1.token });
    const tag = tags.data.find((x) => x.type === 'attachment');
    const file = multipart([
      { name: 'passport.pdf', bytes: samplePdf('Passport', 1), type: 'application/pdf' },
    ]);
    const res = await t.call<{ value: string; status: string }>(
      'POST',
      `/v2/epak/${e.epakId}/document/${e.documentId}/tag/${tag?.uuid}/attach`,
      {
        token: signer1.token,
        body: file.body,
        headers: { 'content-type': file.contentType },
      },
    );
    expect(res.data.status).toBe('done');
    expect(JSON.parse(res.data.value)).toMatchObject({ title: 'passport.pdf', type: 'application/pdf' });
    expect(existing.data.length).toBeGreaterThan(0);
    const detail = await get(custodian, e.epakId);
    expect(detail.data.documents.map((d) => d.name)).toEqual(['Attach.pdf', 'Annex.pdf']);
  });
});

describe('lists, search and statistics', () => {
  it('lists folders with counts, searches by subject and recipient, pages and sorts, stars and reads', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Zebra lease 2026' },
    );
    const inbox = await t.call<{ ePakId: string; isRead: boolean; currentStatePendingSigners: string[] }[]>(
      'GET',
      '/v2/epaks',
      {
        token: signer1.token,
        query: { folder: 'Inbox' },
      },
    );
    const item = inbox.data.find((x) => x.ePakId === e.epakId);
    expect(item).toMatchObject({ isRead: false, currentStatePendingSigners: ['signer1@demo.test'] });
    await get(signer1, e.epakId);
    const reread = await t.call<{ ePakId: string; isRead: boolean }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Inbox' },
    });
    expect(reread.data.find((x) => x.ePakId === e.epakId)?.isRead).toBe(true);

    const bySubject = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending', searchKey: 'subject', searchVal: 'zebra' },
    });
    expect(bySubject.data.map((x) => x.subject)).toEqual(['Zebra lease 2026']);
    const byTo = await t.call<unknown[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending', searchKey: 'to', searchVal: 'nobody@demo.test' },
    });
    expect(byTo.data).toEqual([]);
    const badDate = await t.call('GET', '/v2/epaks', {
      token: custodian.token,
      query: { searchKey: 'createdOn', searchVal: 'yesterday' },
    });
    expect(badDate.code).toBe(Code.INVALID_INPUT);

    const star = await t.call<{ starred: boolean }>('GET', `/v2/epaks/${e.epakId}/togglestar`, {
      token: signer1.token,
    });
    expect(star.data.starred).toBe(true);
    const starred = await t.call<{ ePakId: string; starred: boolean }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Inbox', starred: 'true' },
    });
    expect(starred.data.map((x) => x.ePakId)).toEqual([e.epakId]);
    const ownerView = await t.call<{ ePakId: string; starred: boolean }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending' },
    });
    expect(ownerView.data.find((x) => x.ePakId === e.epakId)?.starred).toBe(false);

    const page1 = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Completed', size: '2', pg: '1', sortColumn: 'subject', sort: 'ASC' },
    });
    const page2 = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Completed', size: '2', pg: '2', sortColumn: 'subject', sort: 'ASC' },
    });
    const metadata = (
      JSON.parse(page1.raw) as { metadata: { totalCount: number; folderCounts: Record<string, number> } }
    ).metadata;
    expect(metadata.totalCount).toBe(metadata.folderCounts.Completed);
    const subjects = [...page1.data, ...page2.data].map((x) => x.subject.toLowerCase());
    expect(subjects).toEqual([...subjects].sort());
  });

  it('finds an ePak by every global search key, and by the older filterKey names', async () => {
    const expires = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      {
        subject: 'Quokka survey 4411',
        extra: {
          tags: [{ key: 'Region', value: 'North-4411' }],
          workflowName: 'Marsupial flow',
          expiresOn: expires,
        },
      },
    );
    const [row] = await t.deps.db.withTenant(custodian.tenantId as string, (tx) =>
      tx.select({ createdAt: epaks.createdAt }).from(epaks).where(eq(epaks.id, e.epakId)),
    );
    const createdOn = new Date(row?.createdAt ?? 0).toISOString().slice(0, 10);
    const search = async (query: Record<string, string>) => {
      const res = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
        token: custodian.token,
        query: { folder: 'Pending', size: '100', ...query },
      });
      expect(res.code).toBe(1);
      return res.data.map((x) => x.ePakId);
    };
    const finds: Record<string, string>[] = [
      { searchKey: 'all', searchVal: 'quokka' },
      { searchKey: 'all', searchVal: 'north-4411' },
      { searchKey: 'all', searchVal: 'marsupial' },
      { searchKey: 'from', searchVal: 'CUSTODIAN@demo.test' },
      { searchKey: 'to', searchVal: 'signer2@demo.test' },
      { searchKey: 'subject', searchVal: 'survey 4411' },
      { searchKey: 'workflowName', searchVal: 'marsupial' },
      { searchKey: 'createdOn', searchVal: createdOn },
      { searchKey: 'expiresOn', searchVal: expires.slice(0, 10) },
      { searchKey: 'ePakTag', searchVal: 'north-44' },
      { searchKey: 'ePakTag', searchVal: 'region = north' },
      { filterKey: 'SUBJECT', filter: 'Quokka' },
    ];
    for (const query of finds)
      expect({ query, found: await search(query) }).toMatchObject({
        query,
        found: expect.arrayContaining([e.epakId]),
      });
    const misses = [
      { searchKey: 'ePakTag', searchVal: 'Region=South' },
      { searchKey: 'to', searchVal: 'signer1@demo.test' },
      { searchKey: 'subject', searchVal: 'survey_4411' },
      { searchKey: 'all', searchVal: '%4411' },
    ];
    for (const query of misses)
      expect({ query, found: await search(query) }).not.toMatchObject({
        query,
        found: expect.arrayContaining([e.epakId]),
      });
    expect(await search({ searchKey: 'subject', searchVal: 'Quokka survey' })).toEqual([e.epakId]);
  });

  it('counts a group’s ePaks once each, owned or received by any member', async () => {
    const admin = await t.signIn('admin@demo.test');
    const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Stats', users: [signer1.userId, signer2.userId], managers: [custodian.userId] },
    });
    const both = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] },
    ]);
    expect(both.epakId).toBeTruthy();
    const summary = async (query: Record<string, string>) =>
      (
        await t.call<{ summary: Record<string, number> }>('GET', '/v2/statistics', {
          token: custodian.token,
          query: { type: 'summary', ...query },
        })
      ).data.summary;
    // Independently: every ePak of the tenant, tested for an owner or recipient in the group.
    const people = [custodian.userId, signer1.userId, signer2.userId];
    const involved = await t.deps.db.withTenant(custodian.tenantId as string, async (tx) => {
      const received = await tx.select().from(recipients);
      return (await tx.select().from(epaks)).filter(
        (epak) =>
          people.includes(epak.ownerId) ||
          received.some((r) => r.epakId === epak.id && r.userId !== null && people.includes(r.userId)),
      );
    });
    const expected: Record<string, number> = {};
    for (const epak of involved) expected[epak.status] = (expected[epak.status] ?? 0) + 1;
    expect(await summary({ scope: 'group', groupId: group.data.groupId })).toEqual(expected);

    const weekly = await t.call<{ weekly: { weekStart: string; created: number }[] }>(
      'GET',
      '/v2/statistics',
      {
        token: custodian.token,
        query: { scope: 'group', groupId: group.data.groupId, type: 'weekly', weeks: '52' },
      },
    );
    const createdIn = (weekStart: string) => {
      const from = Date.parse(`${weekStart}T00:00:00Z`);
      return involved.filter((epak) => {
        const at = new Date(epak.createdAt).getTime();
        return at >= from && at < from + 7 * 86_400_000;
      }).length;
    };
    expect(weekly.data.weekly.map((w) => w.created)).toEqual(
      weekly.data.weekly.map((w) => createdIn(w.weekStart)),
    );
    expect(weekly.data.weekly.reduce((n, w) => n + w.created, 0)).toBeGreaterThan(0);
  });

  it('counts the user’s ePaks by status and by week; tenant-wide statistics are for admins', async () => {
    const summary = await t.call<{ summary: Record<string, number> }>('GET', '/v2/statistics', {
      token: custodian.token,
      query: { scope: 'user', type: 'summary' },
    });
    expect(summary.data.summary.Completed).toBeGreaterThan(0);
    const weekly = await t.call<{ weekly: Record<string, number | string>[] }>('GET', '/v2/statistics', {
      token: custodian.token,
      query: { type: 'weekly', weeks: '4' },
    });
    expect(weekly.data.weekly).toHaveLength(4);
    expect(Object.keys(weekly.data.weekly[0] ?? {}).sort()).toEqual([
      'completed',
      'created',
      'pending',
      'stopped',
      'weekStart',
    ]);
    expect(weekly.data.weekly.reduce((n, w) => n + Number(w.created), 0)).toBeGreaterThan(5);
    expect(
      (await t.call('GET', '/v2/statistics', { token: custodian.token, query: { scope: 'all' } })).code,
    ).toBe(Code.NOT_AUTHORIZED);
    const admin = await t.signIn('admin@demo.test');
    const all = await t.call<{ weekly: Record<string, number>[] }>('GET', '/v2/statistics', {
      token: admin.token,
      query: { scope: 'all', type: 'weekly' },
    });
    expect(Object.keys(all.data.weekly[0] ?? {})).toContain('signed');
  });

  it('shows the ePak’s activity from the hash-chained log', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Trail' },
    );
    await signAll(t, signer1.token, e.epakId, e.documentId);
    expect((await sealCompletedEpaks(t.deps)).sealed).toBeGreaterThanOrEqual(1);
    const res = await t.call<{ action: string; hash: string }[]>('GET', `/v2/epaks/${e.epakId}/activity`, {
      token: custodian.token,
    });
    expect(res.data.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'epak.created',
        'epak.statusChanged',
        'document.signed',
        'epak.completed',
        'epak.sealed',
      ]),
    );
    expect(res.data.every((a) => /^[0-9a-f]{64}$/.test(a.hash))).toBe(true);
  });
});

describe('notifications of comments and deletion', () => {
  it('a reviewer’s comment reaches the custodian as a reviewerComments push and a mail', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [
        { type: 'REVIEW', recipients: ['signer2@demo.test'] },
        { type: 'SIGN', recipients: ['signer1@demo.test'] },
      ],
      { subject: 'Review with comment' },
    );
    const reviewed = await t.call<{ actionDone: boolean }>(
      'PUT',
      `/v2/epak/${e.epakId}/document/${e.documentId}/reviewed`,
      { token: signer2.token, body: { comment: 'Clause 4 needs a date' } },
    );
    expect(reviewed.data.actionDone).toBe(true);
    expect(await pushes(custodian, e.epakId)).toContainEqual({
      type: 'reviewerComments',
      body: 'signer2@demo.test: Clause 4 needs a date',
    });
    const mail = await t.mail.next('custodian@demo.test', /^Comment: Review with comment/);
    expect(mail.text).toMatch(/signer2@demo\.test \(reviewer\) commented/);
    expect(mail.text).toMatch(/Clause 4 needs a date/);
    const trail = await t.call<{ action: string }[]>('GET', `/v2/epaks/${e.epakId}/activity`, {
      token: custodian.token,
    });
    expect(trail.data.map((a) => a.action)).toContain('epak.commented');
  });

  it('a signer’s comment with a delegation or a rejection reaches the custodian as signerComments', async () => {
    const delegated = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Delegate with comment' },
    );
    await t.call('POST', `/v2/epaks/${delegated.epakId}/delegate`, {
      token: signer1.token,
      body: { email: 'signer2@demo.test', firstName: 'Sig', lastName: 'Two', comment: 'Signer two decides' },
    });
    expect(await pushes(custodian, delegated.epakId)).toContainEqual({
      type: 'signerComments',
      body: 'signer1@demo.test: Signer two decides',
    });
    const mail = await t.mail.next('custodian@demo.test', /^Comment: Delegate with comment/);
    expect(mail.text).toMatch(/signer1@demo\.test \(signer\) commented/);

    const rejected = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Reject with comment' },
    );
    await t.call('POST', `/v2/epaks/${rejected.epakId}/reject`, {
      token: signer1.token,
      body: { comment: 'Wrong counterparty' },
    });
    expect((await pushes(custodian, rejected.epakId)).map((p) => p.type)).toEqual(
      expect.arrayContaining(['signDeclined', 'signerComments']),
    );
    // The "Declined" mail carries the comment; no second mail repeats it.
    expect((await t.mail.next('custodian@demo.test', /^Declined: Reject with comment/)).text).toMatch(
      /Wrong counterparty/,
    );
    expect(await queuedMail('Comment: Reject with comment')).toEqual([]);
  });

  it('a signer’s comment sent with their signature reaches the custodian as signerComments and a mail', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Sign with comment' },
    );
    const signed = await signAll(t, signer1.token, e.epakId, e.documentId, {
      comment: 'Signed the amended copy',
    });
    expect(signed.data.actionDone).toBe(true);
    expect(await pushes(custodian, e.epakId)).toContainEqual({
      type: 'signerComments',
      body: 'signer1@demo.test: Signed the amended copy',
    });
    const mail = await t.mail.next('custodian@demo.test', /^Comment: Sign with comment/);
    expect(mail.text).toMatch(/signer1@demo\.test \(signer\) commented/);
  });

  it('deleting a sent ePak sends epakDeleted to the recipients who had received it, not to later ones', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [
        { type: 'SIGN', recipients: ['signer1@demo.test'] },
        { type: 'SIGN', recipients: ['signer2@demo.test'] },
      ],
      { subject: 'Deleted while sent' },
    );
    const deleted = await t.call('DELETE', '/v2/epaks', {
      token: custodian.token,
      body: { ePakIds: [e.epakId] },
    });
    expect(deleted.code).toBe(1);
    expect(await pushes(signer1, e.epakId)).toContainEqual({
      type: 'epakDeleted',
      body: 'Deleted while sent',
    });
    expect((await pushes(signer2, e.epakId)).map((p) => p.type)).not.toContain('epakDeleted');
    expect((await pushes(custodian, e.epakId)).map((p) => p.type)).not.toContain('epakDeleted');
  });
});

describe('tag permissions (spec §6)', () => {
  interface PlacedTag {
    uuid: string;
    key: string;
    type: string;
    value: string | null;
    readOnly: boolean;
    pageNumber: number;
    positionX: number;
    positionY: number;
    blockWidth: number;
    blockHeight: number;
    userEmail?: string;
  }
  const box = (x: number, y: number, w = 150, h = 24) => ({
    pageNumber: 1,
    positionX: x,
    positionY: y,
    blockWidth: w,
    blockHeight: h,
  });
  const forSigner1 = { userEmail: 'signer1@demo.test', wfsOrderId: 1 };

  it('follow tagFor: fixed for a role it leaves out, timeStamp never, CustodianText always for the custodian', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Tag permissions', draft: true },
    );
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    const tags = [
      signatureTag('signer1@demo.test', 1, 1, 40, 60),
      // Filled by the custodian for the signer to see, not change.
      { key: 'text', type: 'text', tagFor: 'custodian', value: 'ACME-42', ...forSigner1, ...box(40, 150) },
      { key: 'text', type: 'text', tagFor: 'signer', label: 'Your city', ...forSigner1, ...box(40, 200) },
      { key: 'timeStamp', type: 'timeStamp', ...forSigner1, ...box(40, 250) },
      { key: 'CustodianText', type: 'text', tagFor: 'custodian', value: 'Ref 1', ...box(300, 150) },
    ];
    // The custodian places a signer's tag but cannot give it a value.
    const filledForSigner = await t.call('POST', blocks, {
      token: custodian.token,
      body: { tags: [...tags.slice(0, 2), { ...tags[2], value: 'Pune' }, ...tags.slice(3)] },
    });
    expect([filledForSigner.code, filledForSigner.message]).toEqual([
      Code.INVALID_INPUT,
      'This tag is read-only: Your city',
    ]);
    expect((await t.call('POST', blocks, { token: custodian.token, body: { tags } })).code).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);

    const seen = await t.call<PlacedTag[]>('GET', blocks, { token: signer1.token });
    const find = (pred: (x: PlacedTag) => boolean) => seen.data.find(pred) as PlacedTag;
    const fixed = find((x) => x.value === 'ACME-42');
    const city = find((x) => x.type === 'text' && x.key === 'text' && x.value === null);
    const stamp = find((x) => x.type === 'timeStamp');
    const reference = find((x) => x.key === 'CustodianText');
    expect([fixed.readOnly, city.readOnly, stamp.readOnly, reference.readOnly]).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const ownerView = await t.call<PlacedTag[]>('GET', blocks, { token: custodian.token });
    expect(ownerView.data.find((x) => x.key === 'CustodianText')?.readOnly).toBe(false);

    const put = (s: Session, tag: PlacedTag, value: string | null) =>
      t.call('PUT', blocks, { token: s.token, body: { tags: [{ ...tag, value }] } });
    expect((await put(signer1, fixed, 'ACME-43')).code).toBe(Code.INVALID_INPUT);
    // Sent back unchanged it is no attempt to fill it.
    expect((await put(signer1, fixed, 'ACME-42')).code).toBe(1);
    expect((await put(signer1, stamp, '1 Jan 2020')).code).toBe(Code.INVALID_INPUT);
    expect((await put(signer1, city, 'Pune')).code).toBe(1);
    expect((await put(custodian, reference, 'Ref 2')).code).toBe(1);
    expect((await put(custodian, { ...city, userEmail: 'signer1@demo.test' }, 'Delhi')).code).toBe(
      Code.INVALID_INPUT,
    );

    const sign = (values: { uuid: string; value: string }[]) =>
      signAll(t, signer1.token, e.epakId, e.documentId, { tags: values });
    const forged = await sign([{ uuid: fixed.uuid, value: 'ACME-99' }]);
    expect([forged.code, forged.message]).toEqual([Code.INVALID_INPUT, 'This tag is read-only: text']);
    const signed = await sign([
      { uuid: fixed.uuid, value: 'ACME-42' },
      { uuid: city.uuid, value: 'Pune' },
    ]);
    expect(signed.data.status).toBe('Completed');
    const after = await t.call<PlacedTag[]>('GET', blocks, { token: custodian.token });
    expect(after.data.find((x) => x.uuid === fixed.uuid)?.value).toBe('ACME-42');
    expect(after.data.find((x) => x.key === 'CustodianText')?.value).toBe('Ref 2');
  });
});

describe('placement rules through the HTTP API (spec §5)', () => {
  const place = (epakId: string, documentId: string, tags: unknown[], method: 'POST' | 'PUT' = 'POST') =>
    t.call<{ uuid: string; userEmail?: string }[]>(
      method,
      `/v2/epaks/${epakId}/documents/${documentId}/signatureblocks`,
      { token: custodian.token, body: { tags } },
    );

  it('width and height stay within the tag’s limits (tagDimensionsCrossedMsg with the limits)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Sizes', draft: true },
    );
    const tiny = await place(e.epakId, e.documentId, [
      signatureTag('signer1@demo.test', 1, 1, 40, 60, { blockWidth: 20, blockHeight: 10 }),
    ]);
    expect([tiny.code, tiny.message]).toEqual([Code.INVALID_INPUT, 'tagDimensionsCrossedMsg']);
    expect((tiny as { data: unknown }).data).toMatchObject({
      limits: { minWidth: 30, minHeight: 12, maxWidth: 400, maxHeight: 200 },
    });
    const ownLimits = await place(e.epakId, e.documentId, [
      signatureTag('signer1@demo.test', 1, 1, 40, 60, { limits: { maxWidth: 120 } }),
    ]);
    expect(ownLimits.code).toBe(Code.INVALID_INPUT);
    expect((ownLimits as { data: unknown }).data).toMatchObject({ limits: { maxWidth: 120 } });
    expect(
      (await place(e.epakId, e.documentId, [signatureTag('signer1@demo.test', 1, 1, 40, 60)])).code,
    ).toBe(1);
  });

  it('signature tags may not overlap, except a signature and a rubber stamp', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
      { subject: 'Stamps', draft: true },
    );
    const signature = signatureTag('signer1@demo.test', 1, 1, 40, 60);
    const stamp = signatureTag('signer1@demo.test', 1, 1, 60, 70, { key: 'rubberStamp' });
    expect((await place(e.epakId, e.documentId, [signature, stamp])).code).toBe(1);
    const second = signatureTag('signer2@demo.test', 1, 1, 60, 70);
    const overlapping = await place(e.epakId, e.documentId, [signature, second]);
    expect([overlapping.code, overlapping.message]).toEqual([Code.INVALID_INPUT, 'tagOverlappingError']);
  });

  it('one signature tag per signer under INTERNAL (and the other digital policies); ESIGNATURE takes several', async () => {
    const draftWith = async (policy: string) => {
      const e = await composeAndSend(
        t,
        custodian.token,
        [{ type: 'SIGN', signingPolicy: policy, recipients: ['signer1@demo.test'] }],
        { subject: `Two signatures ${policy}`, draft: true },
      );
      const two = await place(e.epakId, e.documentId, [
        signatureTag('signer1@demo.test', 1, 1, 40, 60),
        signatureTag('signer1@demo.test', 1, 1, 40, 300),
      ]);
      expect(two.code).toBe(1);
      return t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token });
    };
    const internal = await draftWith('INTERNAL');
    expect([internal.code, internal.message]).toEqual([
      Code.INVALID_INPUT,
      'INTERNAL allows one signature tag per signer; signer1@demo.test has 2',
    ]);
    expect((await draftWith('ESIGNATURE')).code).toBe(1);
  });

  it('a tag of someone who received the ePak cannot move (-60); a later step’s tag still can', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [
        { type: 'SIGN', recipients: ['signer1@demo.test'] },
        { type: 'SIGN', recipients: ['signer2@demo.test'] },
      ],
      { subject: 'Moving tags' },
    );
    const placed = await t.call<
      (ReturnType<typeof signatureTag> & { uuid: string; userEmail: string; wfsOrderId: number })[]
    >('GET', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, { token: custodian.token });
    const first = placed.data.find((x) => x.userEmail === 'signer1@demo.test');
    const later = placed.data.find((x) => x.userEmail === 'signer2@demo.test');
    const moved = await place(e.epakId, e.documentId, [{ ...first, positionY: 400 }], 'PUT');
    expect(moved.code).toBe(Code.TAG_POSITION_CHANGED);
    const bySigner = await t.call('PUT', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, {
      token: signer1.token,
      body: { tags: [{ ...first, positionX: 300 }] },
    });
    expect(bySigner.code).toBe(Code.TAG_POSITION_CHANGED);
    expect((await place(e.epakId, e.documentId, [{ ...later, positionY: 500 }], 'PUT')).code).toBe(1);
  });

  it('POST /v2/epak/edit changes a draft freely and a sent ePak only in what may still change', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Before edit', draft: true },
    );
    const edited = await t.call<{ subject: string; steps: { recipients: { email: string }[] }[] }>(
      'POST',
      '/v2/epak/edit',
      {
        token: custodian.token,
        body: {
          ePakId: e.epakId,
          subject: 'After edit',
          steps: [{ type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] }],
        },
      },
    );
    expect(edited.code).toBe(1);
    expect(edited.data.subject).toBe('After edit');
    expect(edited.data.steps.map((s) => s.recipients.map((r) => r.email))).toEqual([['signer2@demo.test']]);
    expect(
      (await place(e.epakId, e.documentId, [signatureTag('signer2@demo.test', 1, 1, 40, 60)])).code,
    ).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
    const late = await t.call('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: { ePakId: e.epakId, steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }] },
    });
    expect([late.code, late.message]).toEqual([Code.INVALID_INPUT, 'Once sent, these cannot change: steps']);
    const message = await t.call<{ message: string }>('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: { ePakId: e.epakId, message: 'Please sign today' },
    });
    expect(message.data.message).toBe('Please sign today');
    const notOwner = await t.call('POST', '/v2/epak/edit', {
      token: signer2.token,
      body: { ePakId: e.epakId, subject: 'Mine now' },
    });
    expect(notOwner.code).toBe(Code.NOT_AUTHORIZED);
  });
});

describe("the tenant's recipient rules", () => {
  /** Composes a one-step draft for `email` and answers the code. */
  async function composeFor(email: string): Promise<number> {
    const doc = await upload(t, custodian.token, 'Rules.pdf', samplePdf('Rules', 1));
    const res = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentIds: [doc.documentId], steps: [{ type: 'SIGN', recipients: [{ email }] }] },
    });
    return res.code;
  }

  it('refuses recipients outside the internal domains, new people, unverified members and other roles, each with its code', async () => {
    const admin = await t.signIn('admin@demo.test');
    const configure = async (settings: Record<string, unknown>) =>
      expect((await t.call('PUT', '/v1/configuration', { token: admin.token, body: settings })).code).toBe(1);
    const invited = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'unverified@demo.test', firstName: 'Una', lastName: 'Verified' },
    });
    expect(invited.code).toBe(1);
    try {
      await configure({ internalDomains: ['demo.test'], recipientRules: { internalOnly: true } });
      const config = await t.call<{ recipientRules: { internalOnly: boolean } }>('GET', '/v1/configuration', {
        token: custodian.token,
      });
      expect(config.data.recipientRules.internalOnly).toBe(true);
      expect(await composeFor('partner@outside.test')).toBe(Code.INVALID_INPUT);
      expect(await composeFor('signer1@demo.test')).toBe(1);

      await configure({ internalDomains: [], recipientRules: { skipNewUsers: true } });
      expect(await composeFor('newcomer@outside.test')).toBe(Code.USER_NOT_FOUND);
      expect(await composeFor('unverified@demo.test')).toBe(1);

      await configure({ recipientRules: { verifiedOnly: true } });
      expect(await composeFor('unverified@demo.test')).toBe(Code.USER_NOT_REGISTERED);
      expect(await composeFor('newcomer@outside.test')).toBe(Code.USER_NOT_FOUND);
      expect(await composeFor('signer2@demo.test')).toBe(1);

      await configure({ recipientRules: { allowedRoles: ['signer'] } });
      expect(await composeFor('submitter@demo.test')).toBe(Code.INVALID_INPUT);
      expect(await composeFor('signer2@demo.test')).toBe(1);
    } finally {
      await configure({ internalDomains: [], recipientRules: {} });
    }
    // Without rules anyone may be added again, a new person included.
    expect(await composeFor('newcomer@outside.test')).toBe(1);
  });
});
