import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { type CallbackDelivery, Code } from '@signet/contracts';
import { verifyPdf } from '@signet/pdf';
import { createTestPki } from '@signet/pdf/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostResolver, systemResolver } from '../src/adapters/http/safe-http.ts';
import { deliverDueCallbacks, NO_ANSWER_ATTEMPTS } from '../src/domain/integrations/callbacks.ts';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { composeAndSend, samplePdf, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Server-side request forgery through callbacks (issue 17, point 5): a sender or a tenant admin
 * chooses the URLs Signet calls. Loopback, private, link-local and metadata addresses are refused
 * when the URL is set and again when it is called; only the installation's allow-list (here the
 * host `receiver.test`, which the scripted DNS points at a loopback receiver) opens them.
 * Nothing here connects anywhere but loopback: refused addresses are refused before any socket.
 */

/** DNS as the outbound client sees it: scripted answers first, then the system's. */
const scripted = new Map<string, string[][]>();
const resolveHost: HostResolver = async (host) => {
  const next = scripted.get(host)?.shift();
  if (next) return next.map((address) => ({ address, family: isIP(address) }));
  if (host === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }];
  return systemResolver(host);
};

let t: TestServer;
let custodian: Session;
let admin: Session;
let receiver: Server;
let port = 0;
/** A loopback port nothing listens on. */
let deadPort = 0;
const received: URL[] = [];
/** What the receiver answers for a path: a status and headers; 200 otherwise. */
const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
const calls = (pathname: string) => received.filter((u) => u.pathname === pathname);

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: 'receiver.test' }, { resolveHost });
  custodian = await t.signIn('custodian@demo.test');
  admin = await t.signIn('admin@demo.test');
  receiver = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    received.push(url);
    const answer = answers.get(url.pathname);
    res.writeHead(answer?.status ?? 200, answer?.headers);
    res.end('ok');
  });
  port = await listen(receiver);
  const closed = createServer();
  deadPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

/** An ePak with this callback URL, signed by its one signer: Completed, its callback owed. */
async function completedWithCallback(callbackUrl: string, subject: string) {
  // Fresh sessions: the tests move the clock past a token's lifetime.
  const owner = await t.signIn('custodian@demo.test');
  const signer = await t.signIn('signer1@demo.test');
  const e = await composeAndSend(t, owner.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
    subject,
    extra: { callbackUrl },
  });
  const signed = await signAll(t, signer.token, e.epakId, e.documentId);
  expect(signed.data.status).toBe('Completed');
  return e.epakId;
}

/** The tenant admin's view of an ePak's callbacks. */
async function deliveryOf(epakId: string): Promise<CallbackDelivery> {
  const res = await t.call<CallbackDelivery[]>('GET', '/v1/callbacks', {
    token: (await t.signIn('admin@demo.test')).token,
    query: { ePakId: epakId },
  });
  expect(res.data).toHaveLength(1);
  return res.data[0] as CallbackDelivery;
}

/** Calls the due callbacks, then moves the clock to this delivery's next attempt. */
async function attemptOnce(epakId: string): Promise<CallbackDelivery> {
  await deliverDueCallbacks(t.deps);
  const d = await deliveryOf(epakId);
  if (d.nextAttemptOn) t.clock.advance((Date.parse(d.nextAttemptOn) - t.clock.now().getTime()) / 1000);
  return d;
}

const REFUSED_URLS = [
  'http://127.0.0.1/hook',
  'http://127.8.9.10:8080/hook',
  'http://[::1]/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.1.2.3/hook',
  'http://172.16.0.5/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://0.0.0.0/hook',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:169.254.169.254]/hook',
  'http://2130706433/hook',
  'http://localhost/hook',
];

describe('setting a callback URL', () => {
  it('compose refuses callback URLs on loopback, private, link-local and metadata addresses, and names that resolve to them (-6)', async () => {
    const pdf = Buffer.from(samplePdf('Order', 1)).toString('base64');
    for (const callbackUrl of REFUSED_URLS) {
      const res = await t.call('POST', '/v2/compose/epak', {
        token: custodian.token,
        body: {
          subject: 'Order',
          callbackUrl,
          documentList: [{ docName: 'Order.pdf', base64EncodedData: pdf }],
          workflowData: [
            {
              wfStateOrder: 1,
              action: 'SIGN',
              docTagsData: [
                {
                  docName: 'Order.pdf',
                  signatureTagData: [
                    {
                      email: 'signer1@demo.test',
                      tagLocationData: [{ pageNumber: 1, x: 50, y: 100, width: 130, height: 40 }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      });
      expect([callbackUrl, res.status, res.code]).toEqual([callbackUrl, 400, Code.INVALID_INPUT]);
      expect(res.message).toMatch(/loopback, private, link-local or reserved address/);
    }
  });

  it('the ePak composer refuses a callback URL that resolves to loopback (-6)', async () => {
    await expect(
      composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
        extra: { callbackUrl: 'http://localhost:8080/hook' },
      }),
    ).rejects.toThrow(/compose failed: -6 .*loopback/);
  });

  it('an OAuth client cannot take a loopback, private or metadata callback URL, on creation or change', async () => {
    for (const [i, callbackUrl] of REFUSED_URLS.entries()) {
      const res = await t.call('POST', '/v1/oauthclients', {
        token: admin.token,
        body: { clientId: `crm-${i}`, grants: ['password'], callbackUrl },
      });
      expect([callbackUrl, res.code]).toEqual([callbackUrl, Code.INVALID_INPUT]);
    }
    const created = await t.call<{ id: string }>('POST', '/v1/oauthclients', {
      token: admin.token,
      body: { clientId: 'crm-ok', grants: ['password'], callbackUrl: `http://receiver.test:${port}/crm` },
    });
    expect(created.code).toBe(1);
    for (const callbackUrl of REFUSED_URLS) {
      const res = await t.call('PUT', `/v1/oauthclients/${created.data.id}`, {
        token: admin.token,
        body: { callbackUrl },
      });
      expect([callbackUrl, res.code]).toEqual([callbackUrl, Code.INVALID_INPUT]);
    }
    const clients = await t.call<{ clientId: string; callbackUrl: string | null }[]>(
      'GET',
      '/v1/oauthclients',
      {
        token: admin.token,
      },
    );
    expect(clients.data.map((c) => [c.clientId, c.callbackUrl])).toEqual([
      ['crm-ok', `http://receiver.test:${port}/crm`],
    ]);
  });
});

describe('calling a callback URL', () => {
  it('a host name that resolved to a public address when set but resolves to loopback when called is refused at connect (DNS rebinding)', async () => {
    // When the URL is set, `localhost` answers a public address; when it is called, the truth.
    scripted.set('localhost', [['93.184.216.34']]);
    const epakId = await completedWithCallback(`http://localhost:${port}/rebound`, 'Rebound');
    const d = await attemptOnce(epakId);
    expect(calls('/rebound')).toEqual([]);
    expect([d.status, d.attempts.map((a) => [a.httpStatus, a.error])]).toEqual([
      'Pending',
      [[null, 'address not allowed']],
    ]);
  });

  it('a redirect to loopback is not followed: the 302 is the answer, retried like any other', async () => {
    answers.set('/moved', { status: 302, headers: { location: `http://127.0.0.1:${port}/internal` } });
    const epakId = await completedWithCallback(`http://receiver.test:${port}/moved`, 'Moved');
    const d = await attemptOnce(epakId);
    expect(calls('/moved')).toHaveLength(1);
    expect(calls('/internal')).toEqual([]);
    expect([d.status, d.attempts.map((a) => a.httpStatus)]).toEqual(['Pending', [302]]);
  });

  it('an allow-listed on-premises host on loopback receives its callback', async () => {
    const epakId = await completedWithCallback(`http://receiver.test:${port}/on-premises`, 'On premises');
    const d = await attemptOnce(epakId);
    expect(calls('/on-premises').map((u) => u.searchParams.get('ePakId'))).toEqual([epakId]);
    expect([d.status, d.attempts.map((a) => a.httpStatus)]).toEqual(['Delivered', [200]]);
  });

  it(`a URL that never answered is given up after ${NO_ANSWER_ATTEMPTS} attempts, the admin told only "no answer"`, async () => {
    const epakId = await completedWithCallback(`http://receiver.test:${deadPort}/gone`, 'Gone');
    const started = t.clock.now().getTime();
    let d = await deliveryOf(epakId);
    for (let n = 0; n < NO_ANSWER_ATTEMPTS + 2 && d.status === 'Pending'; n += 1)
      d = await attemptOnce(epakId);
    expect([d.status, d.attempts.length, d.nextAttemptOn]).toEqual(['Failed', NO_ANSWER_ATTEMPTS, null]);
    expect(d.attempts.every((a) => a.httpStatus === null)).toBe(true);
    expect(d.attempts.slice(0, -1).map((a) => a.error)).toEqual(
      Array.from({ length: NO_ANSWER_ATTEMPTS - 1 }, () => 'no answer'),
    );
    expect(d.attempts.at(-1)?.error).toBe(
      `no answer: given up after ${NO_ANSWER_ATTEMPTS} attempts, this URL never answered`,
    );
    // More than a day of trying: a night's outage of a new integration is waited for.
    expect(Date.parse(d.attempts.at(-1)?.attemptedOn ?? '') - started).toBeGreaterThan(24 * 3600_000);
  });

  it('a URL that answered before is still retried past that cap while it gives no answer', async () => {
    const path = '/sometimes';
    const first = await completedWithCallback(`http://receiver.test:${port}${path}`, 'Answered once');
    expect((await attemptOnce(first)).status).toBe('Delivered');
    // The integration goes down: its address now refuses connections.
    const down = await completedWithCallback(`http://receiver.test:${port}${path}`, 'Answered before');
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    let d = await deliveryOf(down);
    try {
      for (let n = 0; n < NO_ANSWER_ATTEMPTS + 1; n += 1) d = await attemptOnce(down);
    } finally {
      await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    }
    expect([d.status, d.attempts.length]).toEqual(['Pending', NO_ANSWER_ATTEMPTS + 1]);
    expect(new Set(d.attempts.map((a) => a.error))).toEqual(new Set(['no answer']));
  });
});

describe('fetching what certificates name', () => {
  it('the OCSP responder and CRL a certificate names on loopback are not fetched while sealing', async () => {
    // The test PKI's TSA certificate names its OCSP responder and CRL on loopback, as a
    // certificate inside an uploaded PDF could name any address.
    const pki = await createTestPki();
    const sealing = await startTestServer({ SIGNET_TSA_URL: pki.tsaUrl });
    try {
      const owner = await sealing.signIn('custodian@demo.test');
      const signer = await sealing.signIn('signer1@demo.test');
      const e = await composeAndSend(
        sealing,
        owner.token,
        [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
        {
          subject: 'Revocation',
        },
      );
      expect((await signAll(sealing, signer.token, e.epakId, e.documentId)).data.status).toBe('Completed');
      expect(await sealCompletedEpaks(sealing.deps)).toEqual({ sealed: 1, failed: 0 });
      const res = await sealing.app.inject({
        method: 'GET',
        url: `/msbapi/v2/epaks/${e.epakId}/download`,
        headers: { access_token: owner.token },
      });
      const signed = unzipSync(new Uint8Array(res.rawPayload))['Revocation.pdf'] as Uint8Array;
      const tenantId = owner.tenantId ?? '';
      const anchors = [
        await sealing.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, sealing.deps)),
        pki.caDer,
      ];
      // The TSA (the operator's) was called; the loopback responder was not, so the validation
      // data lacks the TSA chain's revocation answers and the signature stays B-T, not B-LTA.
      expect(verifyPdf(signed, anchors).signatures.map((s) => [s.kind, s.level])).toEqual([
        ['signature', 'B-T'],
        ['timestamp', 'not PAdES'],
      ]);
    } finally {
      await sealing.close();
      await pki.close();
    }
  }, 60_000);
});
