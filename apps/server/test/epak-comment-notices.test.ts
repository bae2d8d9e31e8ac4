import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { pushesAbout, queuedMailLike, startLifecycleServer } from './support/epak-lifecycle.ts';
import type { Session, TestServer } from './support/test-server.ts';

// Comments and deletions reach the custodian and recipients as pushes and mail.

let t: TestServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

const pushes = (s: Session, epakId: string) => pushesAbout(t, s, epakId);
const queuedMail = (subject: string) => queuedMailLike(t, subject);

beforeAll(async () => {
  ({ t, custodian, signer1, signer2 } = await startLifecycleServer());
});
afterAll(() => t.close());

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
