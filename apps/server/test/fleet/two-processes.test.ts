import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, SIGNATURE_PNG } from '../support/epak-helpers.ts';
import { DEMO_CLIENT_SECRET, type TestServer } from '../support/test-server.ts';
import {
  answers,
  eventually,
  type Fleet,
  type FleetClient,
  startFleet,
  TEST_DATABASE_URL,
} from './support/fleet.ts';

/**
 * Issue 16, "Several processes": two real server processes (`node dist/main.js`, as `npm start`
 * runs it) on one PostgreSQL database and one S3 server on loopback, behind a round-robin proxy.
 * Each test talks to the proxy or to one process directly, and counts in the shared database
 * what the two did between them.
 */

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = TEST_DATABASE_URL && (await answers(REDIS_URL)) ? REDIS_URL : null;
/** Per address and minute, counted by both processes together when Redis is there. */
const AUTH_RATE_LIMIT = 20;

let fleet: Fleet;
/** The epak-helpers take the in-process test server; they only use its `call`. */
const asServer = (c: FleetClient) => c as unknown as TestServer;

/** An ePak that expires a few seconds after it is sent, for the scheduled expiry job to find. */
let expiring: { epakId: string };
let expiringSentAt = 0;

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  fleet = await startFleet({ authRateLimit: AUTH_RATE_LIMIT, redisUrl: redis });
  // Made first, so the wait for the next scheduled expiry run overlaps the other tests.
  const { proxy } = fleet.clients('192.0.2.1');
  const custodian = await proxy.signIn('custodian@demo.test');
  expiringSentAt = Date.now();
  expiring = await composeAndSend(
    asServer(proxy),
    custodian.token,
    [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
    { subject: 'Fleet expiry', extra: { expiresOn: new Date(Date.now() + 20_000).toISOString() } },
  );
}, 240_000);

afterAll(async () => {
  await fleet?.close();
});

const activities = (epakId: string, action: string) =>
  fleet.sql<{ n: number }>('select count(*)::int as n from activity_log where epak_id = $1 and action = $2', [
    epakId,
    action,
  ]);

describe.skipIf(!TEST_DATABASE_URL)(
  'two server processes on one database (needs PostgreSQL (TEST_DATABASE_URL))',
  () => {
    it('a session made on process A works on process B, B renews it, and signing out on B ends it on A', async () => {
      const { a, b } = fleet.clients('192.0.2.10');
      const session = await a.signIn('signer1@demo.test');
      const valid = await b.call('GET', '/v1/users/valid', { token: session.token });
      expect([valid.status, valid.code]).toEqual([200, 1]);

      const renewed = await b.call<{ access_token: string; refresh_token: string }>('POST', '/public/token', {
        form: {
          client_id: 'signet-web',
          client_secret: DEMO_CLIENT_SECRET,
          grant_type: 'refresh_token',
          refresh_token: session.refreshToken,
        },
      });
      expect(renewed.code).toBe(1);
      expect((await a.call('GET', '/v1/users/valid', { token: renewed.data.access_token })).code).toBe(1);

      expect((await b.call('POST', '/v1/logout', { token: renewed.data.access_token })).code).toBe(1);
      expect((await a.call('GET', '/v1/users/valid', { token: renewed.data.access_token })).code).toBe(
        Code.SESSION_ENDED,
      );
    });

    it('the proxy alternates between the processes, and a whole compose-and-send through it works', async () => {
      const { proxy } = fleet.clients('192.0.2.11');
      const before = fleet.servedBy.length;
      const custodian = await proxy.signIn('custodian@demo.test');
      const e = await composeAndSend(
        asServer(proxy),
        custodian.token,
        [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
        { subject: 'Fleet through the proxy' },
      );
      const detail = await proxy.call<{ status: string }>('GET', `/v2/epaks/${e.epakId}`, {
        token: custodian.token,
      });
      expect(detail.data.status).toBe('InProgress');
      // Sign-in, upload, compose, tags, start, read: six requests, three to each process.
      const ports = fleet.servedBy.slice(before);
      expect(ports.filter((p) => p === fleet.ports.a)).toHaveLength(3);
      expect(ports.filter((p) => p === fleet.ports.b)).toHaveLength(3);
    });

    it('a notification raised by an action on A reaches the user’s socket on B, and sockets through the proxy on both', async () => {
      const { a, b, proxy } = fleet.clients('192.0.2.12');
      const signer = await b.signIn('signer2@demo.test');
      const onB = await b.socket(signer);
      const viaProxy = [await proxy.socket(signer)];
      const firstUpgrade = fleet.servedBy.at(-1);
      viaProxy.push(await proxy.socket(signer));
      const secondUpgrade = fleet.servedBy.at(-1);
      // Consecutive upgrades through the proxy: one socket on each process.
      expect(new Set([firstUpgrade, secondUpgrade])).toEqual(new Set([fleet.ports.a, fleet.ports.b]));
      try {
        for (const s of [onB, ...viaProxy]) await s.next((m) => m.type === 'ready');
        const custodian = await a.signIn('custodian@demo.test');
        const e = await composeAndSend(
          asServer(a),
          custodian.token,
          [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
          { subject: 'Fleet notification' },
        );
        for (const s of [onB, ...viaProxy]) {
          const pushed = await s.next(
            (m) => m.type === 'notification' && m.notification?.epak.id === e.epakId,
          );
          expect(pushed.notification?.epak.subject).toBe('Fleet notification');
        }
      } finally {
        for (const s of [onB, ...viaProxy]) s.close();
      }
    });

    it('mail goes out once: ePaks sent at the same moment through both processes mail each recipient once', async () => {
      const { a, b } = fleet.clients('192.0.2.13');
      const tag = `Fleet mail ${Date.now()}`;
      const custodianA = await a.signIn('custodian@demo.test');
      const custodianB = await b.signIn('custodian@demo.test');
      const drafts = [];
      for (let i = 0; i < 6; i++) {
        drafts.push(
          await composeAndSend(
            asServer(i % 2 ? b : a),
            (i % 2 ? custodianB : custodianA).token,
            [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
            { subject: `${tag} ${i}`, draft: true },
          ),
        );
      }
      // Started together, half on each process: both processes deliver the outbox at once.
      const started = await Promise.all(
        drafts.map((d, i) =>
          (i % 2 ? b : a).call('POST', `/v2/epaks/${d.epakId}/start`, {
            token: (i % 2 ? custodianB : custodianA).token,
          }),
        ),
      );
      expect(started.map((s) => s.code)).toEqual(drafts.map(() => 1));
      const queued = await fleet.sql<{ to: string; subject: string }>(
        `select "to", subject from mail_outbox where subject like $1 order by "to", subject`,
        [`%${tag}%`],
      );
      expect(queued).toHaveLength(12);
      await eventually('every queued mail sent', async () => {
        const [left] = await fleet.sql<{ n: number }>(
          `select count(*)::int as n from mail_outbox where subject like $1 and status <> 'sent'`,
          [`%${tag}%`],
        );
        return left?.n === 0;
      });
      const caught = fleet.mail.messages
        .filter((m) => m.subject.includes(tag))
        .map((m) => ({ to: m.to.join(','), subject: m.subject }))
        .sort((x, y) => x.to.localeCompare(y.to) || x.subject.localeCompare(y.subject));
      expect(caught).toEqual(queued);
      const attempts = await fleet.sql<{ attempts: number }>(
        'select attempts from mail_outbox where subject like $1',
        [`%${tag}%`],
      );
      expect(attempts.map((r) => r.attempts)).toEqual(queued.map(() => 1));
    }, 120_000);

    it('two signers of one parallel step signing at the same moment on A and on B both end up in the PDF (pdfsig), and the ePak is sealed once', async () => {
      const { a, b, proxy } = fleet.clients('192.0.2.14');
      const custodian = await proxy.signIn('custodian@demo.test');
      const e = await composeAndSend(
        asServer(proxy),
        custodian.token,
        [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
        { subject: 'Fleet parallel signing' },
      );
      const signer1 = await a.signIn('signer1@demo.test');
      const signer2 = await b.signIn('signer2@demo.test');
      const sign = (c: FleetClient, token: string) =>
        c.call<{ status: string }>('POST', `/v2/epaks/${e.epakId}/documents/${e.documentId}/sign`, {
          token,
          body: { signatureImage: SIGNATURE_PNG },
        });
      const [one, two] = await Promise.all([sign(a, signer1.token), sign(b, signer2.token)]);
      expect([one.code, one.message, two.code, two.message]).toEqual([1, undefined, 1, undefined]);
      expect([one.data.status, two.data.status].sort()).toEqual(['Completed', 'InProgress']);

      const pdf = await proxy.call('GET', '/v1/document/download', {
        token: custodian.token,
        query: { docId: e.documentId },
      });
      expect(pdf.status).toBe(200);
      const nss = nssDbTrusting([]);
      try {
        expect((await pdfsig(pdf.bytes, nss.dir)).map((s) => s.valid)).toEqual([true, true]);
      } finally {
        nss.close();
      }

      // Completion is announced to both processes; each queues a seal job, and one seal is made.
      await eventually(
        'the ePak sealed',
        async () => (await activities(e.epakId, 'epak.sealed'))[0]?.n === 1,
        60_000,
      );
      const sealJobs = await eventually(
        'every seal job finished',
        async () => {
          const jobs = await fleet.sql<{ state: string }>(
            `select state from pgboss.job where name = 'signet-seal' and created_on >= now() - interval '2 minutes'`,
          );
          return jobs.every((j) => j.state === 'completed' || j.state === 'failed') && jobs;
        },
        60_000,
      );
      expect(sealJobs.length).toBeGreaterThanOrEqual(2);
      expect((await activities(e.epakId, 'epak.sealed'))[0]?.n).toBe(1);
      const certificates = await fleet.sql<{ n: number }>(
        `select count(*)::int as n from documents where epak_id = $1 and name = 'Completion certificate.pdf'`,
        [e.epakId],
      );
      expect(certificates[0]?.n).toBe(1);
    }, 120_000);

    it.skipIf(!redis)(
      'counts one address’s password guesses on both processes together (needs Redis (REDIS_URL or 127.0.0.1:6379))',
      async () => {
        const { proxy } = fleet.clients('192.0.2.15');
        const statuses: number[] = [];
        for (let i = 0; i <= AUTH_RATE_LIMIT; i++) {
          const res = await proxy.call('POST', '/v1/authenticate', {
            form: { username: `fleet-guess${i}@demo.test`, password: 'Wrong-pass-1' },
          });
          statuses.push(res.status);
        }
        // Each process saw only half of them: only a shared count refuses the last one.
        expect(statuses.slice(0, AUTH_RATE_LIMIT).every((s) => s === 400)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      },
    );

    it('a scheduled job runs once across both processes: the expiry job expires a due ePak once', async () => {
      // pg-boss sends each schedule once a minute whichever process's clock fires first.
      await eventually(
        'the scheduled expiry',
        async () => (await activities(expiring.epakId, 'epak.expired'))[0]?.n === 1,
        150_000,
      );
      const { proxy } = fleet.clients('192.0.2.16');
      const custodian = await proxy.signIn('custodian@demo.test');
      const detail = await proxy.call<{ status: string }>('GET', `/v2/epaks/${expiring.epakId}`, {
        token: custodian.token,
      });
      expect(detail.data.status).toBe('Expired');
      const runs = await fleet.sql<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'signet-expiry' and created_on >= to_timestamp($1)`,
        [expiringSentAt / 1000],
      );
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect((await activities(expiring.epakId, 'epak.expired'))[0]?.n).toBe(1);
    }, 180_000);
  },
);
