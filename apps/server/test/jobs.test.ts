import { randomBytes } from 'node:crypto';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOB_SWEEP_GRACE_MS,
  DELETED_RETENTION_DAYS,
  expireDueEpaks,
  purgeExpiredRetention,
  sendDueReminders,
  sweepBlobs,
} from '../src/domain/jobs/scheduled-work.ts';
import { composeAndSend, samplePdf, signAll, upload } from './support/epak-helpers.ts';
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
    const download = await t.call('GET', '/v1/document/download', {
      token: await custodian(),
      query: { docId: e.documentId },
    });
    expect(download.code).toBe(Code.DOCUMENT_MISSING);
    const verified = await t.call<{ valid: boolean }>('GET', '/v2/activity/verify', {
      token: (await t.signIn('admin@demo.test')).token,
    });
    expect(verified.data.valid).toBe(true);
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

describe('the job queue (pg-boss on the same database)', () => {
  it('runs a scheduled job through the queue and records it completed', async () => {
    const s = await startTestServer({ SIGNET_JOBS: '1' });
    try {
      expect(await s.jobs?.runNow('signet-expiry')).toBe('completed');
      expect(await s.jobs?.runNow('signet-mail')).toBe('completed');
    } finally {
      await s.close();
    }
  });
});
