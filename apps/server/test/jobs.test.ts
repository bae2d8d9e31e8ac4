import { randomBytes } from 'node:crypto';
import { Code } from '@signet/contracts';
import { and, eq, like } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import {
  archiveOverdueEpaks,
  BLOB_SWEEP_GRACE_MS,
  DELETED_RETENTION_DAYS,
  expireDueEpaks,
  purgeExpiredRetention,
  READY_TO_PURGE_DAYS,
  sealCompletedEpaks,
  sendDueReminders,
  sweepBlobs,
} from '../src/domain/jobs/scheduled-work.ts';
import { JOBS } from '../src/jobs/job-runner.ts';
import { composeAndSend, multipart, samplePdf, signAll, upload } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const DAY = 86_400;
let t: TestServer;
// Tokens expire as the tests move the clock by days: each call signs in afresh.
const tokenOf = async (email: string) => (await t.signIn(email)).token;
const custodian = () => tokenOf('custodian@demo.test');

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A purged ePak's document is gone, and the activity log that remembers it still verifies. */
async function expectPurgedWithHistory(documentId: string): Promise<void> {
  const download = await t.call('GET', '/v1/document/download', {
    token: await custodian(),
    query: { docId: documentId },
  });
  expect(download.code).toBe(Code.DOCUMENT_MISSING);
  const verified = await t.call<{ valid: boolean }>('GET', '/v2/activity/verify', {
    token: (await t.signIn('admin@demo.test')).token,
  });
  expect(verified.data.valid).toBe(true);
}

describe('scheduled work', () => {
  it('expiry: a sent ePak past its date becomes Expired once, and refuses signing', async () => {
    const e = await composeAndSend(
      t,
      await custodian(),
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Expires soon',
        extra: { expiresOn: new Date(t.clock.now().getTime() + DAY * 1000).toISOString() },
      },
    );
    expect(await expireDueEpaks(t.deps)).toBe(0);
    t.clock.advance(2 * DAY);
    expect(await expireDueEpaks(t.deps)).toBe(1);
    expect(await expireDueEpaks(t.deps)).toBe(0);
    const detail = await t.call<{ status: string }>('GET', `/v2/epaks/${e.epakId}`, {
      token: await custodian(),
    });
    expect(detail.data.status).toBe('Expired');
    expect((await signAll(t, await tokenOf('signer1@demo.test'), e.epakId, e.documentId)).code).not.toBe(1);
    const folder = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: await tokenOf('signer1@demo.test'),
      query: { folder: 'Expired' },
    });
    expect(folder.data.map((x) => x.ePakId)).toContain(e.epakId);
  });

  it('reminders: every interval while the recipient waits, at most reminderMax times, each with a link', async () => {
    await composeAndSend(t, await custodian(), [{ type: 'SIGN', recipients: ['signer2@demo.test'] }], {
      subject: 'Remind me',
      extra: { reminderIntervalDays: 2, reminderMax: 2 },
    });
    await t.mail.next('signer2@demo.test', /Remind me/);
    expect(await sendDueReminders(t.deps)).toBe(0);
    t.clock.advance(2 * DAY + 60);
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(await sendDueReminders(t.deps)).toBe(0);
    const mail = await t.mail.next('signer2@demo.test', /Remind me/);
    expect(mail.text).toMatch(/easytoken=/);
    t.clock.advance(2 * DAY + 60);
    expect(await sendDueReminders(t.deps)).toBe(1);
    t.clock.advance(2 * DAY + 60);
    // reminderMax reached.
    expect(await sendDueReminders(t.deps)).toBe(0);
  });

  it('retention: an ePak deleted 30 days ago is purged with its documents; the activity chain still verifies', async () => {
    const e = await composeAndSend(
      t,
      await custodian(),
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Purge me',
        draft: true,
      },
    );
    expect(
      (await t.call('DELETE', '/v2/epaks', { token: await custodian(), body: { ePakIds: [e.epakId] } })).code,
    ).toBe(1);
    expect(await purgeExpiredRetention(t.deps)).toBe(0);
    t.clock.advance((DELETED_RETENTION_DAYS + 1) * DAY);
    expect(await purgeExpiredRetention(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', `/v2/epaks/${e.epakId}`, { token: await custodian() })).status).toBe(404);
    await expectPurgedWithHistory(e.documentId);
  });

  it('blob sweep: removes blobs nothing points to once they are past the grace period, keeps the rest', async () => {
    const kept = await upload(t, await custodian(), 'Kept.pdf', samplePdf('Kept', 1));
    const orphan = await t.deps.blobs.put(randomBytes(64));
    // Just written: it may belong to a transaction about to commit.
    await sweepBlobs(t.deps, BLOB_SWEEP_GRACE_MS);
    expect(await t.deps.blobs.has(orphan.hash)).toBe(true);
    expect(await sweepBlobs(t.deps, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.blobs.has(orphan.hash)).toBe(false);
    const pdf = await t.call('GET', '/v1/document/download', {
      token: await custodian(),
      query: { docId: kept.documentId },
    });
    expect(pdf.status).toBe(200);
  });
});

describe('archival, retention and mail retries', () => {
  interface Detail {
    status: string;
    retentionDate: string | null;
    archivalPeriodOver: boolean;
    completedOn?: string | null;
  }
  const detailOf = async (epakId: string) =>
    t.call<Detail>('GET', `/v2/epaks/${epakId}`, { token: await custodian() });

  it('an archival period set before completion starts at completion; when it is over the ePak is archived, then purged', async () => {
    const e = await composeAndSend(
      t,
      await custodian(),
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Archive and purge' },
    );
    const period = await t.call<{ retentionDate: string | null }>(
      'PUT',
      `/v2/updateEpakArchivalPeriod/${e.epakId}`,
      { token: await custodian(), body: { archivalPeriod: 10 } },
    );
    expect(period.data.retentionDate).toBeNull();
    const completedAt = t.clock.now().getTime();
    await signAll(t, await tokenOf('signer1@demo.test'), e.epakId, e.documentId);
    const done = await detailOf(e.epakId);
    expect(done.data.status).toBe('Completed');
    expect(new Date(done.data.retentionDate ?? 0).getTime()).toBe(completedAt + 10 * DAY * 1000);
    expect(done.data.archivalPeriodOver).toBe(false);

    expect(await archiveOverdueEpaks(t.deps)).toBe(0);
    t.clock.advance(10 * DAY + 60);
    expect(await archiveOverdueEpaks(t.deps)).toBe(1);
    expect(await archiveOverdueEpaks(t.deps)).toBe(0);
    expect((await detailOf(e.epakId)).data).toMatchObject({ status: 'Archived', archivalPeriodOver: true });
    const archived = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: await tokenOf('signer1@demo.test'),
      query: { folder: 'Archived' },
    });
    expect(archived.data.map((x) => x.ePakId)).toContain(e.epakId);

    // Ready to purge: still there (and downloadable) for the window, then gone.
    await purgeExpiredRetention(t.deps);
    expect((await detailOf(e.epakId)).status).toBe(200);
    t.clock.advance(READY_TO_PURGE_DAYS * DAY);
    expect(await purgeExpiredRetention(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await detailOf(e.epakId)).status).toBe(404);
    await expectPurgedWithHistory(e.documentId);
  });

  it('mail: a delivery the SMTP server refuses stays in the outbox, and the mail job sends it later', async () => {
    t.mail.refuseNext('signer2@demo.test');
    await composeAndSend(t, await custodian(), [{ type: 'SIGN', recipients: ['signer2@demo.test'] }], {
      subject: 'Mail retried',
    });
    const row = async () =>
      (
        await t.db.system
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, 'signer2@demo.test'), like(mailOutbox.subject, '%Mail retried%')))
      )[0];
    // The delivery right after the commit is refused.
    for (let i = 0; i < 100 && (await row())?.attempts !== 1; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row())?.lastError).toMatch(/451/);
    expect(await JOBS['signet-mail'].run(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    await t.mail.next('signer2@demo.test', /Mail retried/);
  });

  it('blob sweep: a file given to an attachment tag survives it, downloadable and in the ePak’s zip', async () => {
    const e = await composeAndSend(
      t,
      await custodian(),
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Keep my attachment', draft: true },
    );
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    await t.call('PUT', blocks, {
      token: await custodian(),
      body: {
        tags: [
          {
            key: 'attachment',
            type: 'attachment',
            label: 'ID proof',
            userEmail: 'signer1@demo.test',
            wfsOrderId: 1,
            pageNumber: 1,
            positionX: 40,
            positionY: 500,
            blockWidth: 120,
            blockHeight: 30,
          },
        ],
      },
    });
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: await custodian() })).code).toBe(1);
    const signer = await tokenOf('signer1@demo.test');
    const tags = await t.call<{ uuid: string; type: string }[]>('GET', blocks, { token: signer });
    const tagId = tags.data.find((x) => x.type === 'attachment')?.uuid;
    const content = randomBytes(2048);
    const file = multipart([{ name: 'passport.png', bytes: content, type: 'image/png' }]);
    const attachUrl = `/v2/epak/${e.epakId}/document/${e.documentId}/tag/${tagId}/attach`;
    const attached = await t.call('POST', attachUrl, {
      token: signer,
      body: file.body,
      headers: { 'content-type': file.contentType },
    });
    expect(attached.code).toBe(1);
    // The owner moves the tags about afterwards (tags are rewritten): the file is still the ePak's.
    await t.call('PUT', blocks, { token: await custodian(), body: { tags: [] } });
    await signAll(t, signer, e.epakId, e.documentId);
    expect((await sealCompletedEpaks(t.deps)).failed).toBe(0);

    // Past the grace period for every blob stored so far.
    await sweepBlobs(t.deps, 0);
    const one = await t.app.inject({
      method: 'GET',
      url: `/msbapi${attachUrl}`,
      headers: { access_token: await custodian() },
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(one.rawPayload, content)).toBe(0);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${e.epakId}/download`,
      headers: { access_token: await custodian() },
    });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'Completion certificate.pdf',
      'Keep my attachment.pdf',
      'attachments/passport.png',
    ]);
    expect(Buffer.compare(Buffer.from(files['attachments/passport.png'] as Uint8Array), content)).toBe(0);
    const none = await t.call('GET', attachUrl.replace(tagId ?? '', e.epakId), { token: await custodian() });
    expect(none.code).toBe(Code.DOCUMENT_MISSING);
  });
});

describe('the job queue (pg-boss on the same database)', () => {
  it('runs each scheduled job through the queue; an ePak completing wakes the seal job at once', async () => {
    const s = await startTestServer({ SIGNET_JOBS: '1' });
    try {
      const names = Object.keys(JOBS) as (keyof typeof JOBS)[];
      const states = await Promise.all(names.map(async (name) => [name, await s.jobs?.runNow(name)]));
      expect(states).toEqual(names.map((name) => [name, 'completed']));
      const owner = (await s.signIn('custodian@demo.test')).token;
      const e = await composeAndSend(s, owner, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
        subject: 'Sealed by the queue',
      });
      await signAll(s, (await s.signIn('signer1@demo.test')).token, e.epakId, e.documentId);
      // Asked for at once, the zip waits for the seal: the NOTIFY of the completing transaction
      // sent the seal job (its once-a-minute schedule would mostly come too late for the wait).
      const zip = await s.app.inject({
        method: 'GET',
        url: `/msbapi/v2/epaks/${e.epakId}/download`,
        headers: { access_token: owner },
      });
      expect(zip.statusCode).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual([
        'Completion certificate.pdf',
        'Sealed by the queue.pdf',
      ]);
    } finally {
      await s.close();
    }
    // Every job of the server once, then a whole signing: more than the default on a busy machine.
  }, 90_000);
});
