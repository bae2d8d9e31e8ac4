import { Code } from '@signet/contracts';
import { verifyPdf } from '@signet/pdf';
import { createTestPki, nssDbTrusting, pdfsig, qpdfCheck, type TestPki } from '@signet/pdf/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAL_TSA_ATTEMPTS, sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
/** The TSA of packages/pdf's test PKI, with its outage switch. */
let pki: TestPki;
let custodian: Session;
let signer1: Session;
let anchors: Uint8Array[] = [];
let nss: { dir: string; close(): void };

beforeAll(async () => {
  pki = await createTestPki();
  // The test PKI's OCSP responder and CRL, named by the TSA's certificate, are on loopback: an
  // installation allows such addresses explicitly (they are refused otherwise).
  t = await startTestServer({ SIGNET_TSA_URL: pki.tsaUrl, SIGNET_OUTBOUND_ALLOW: '127.0.0.1' });
  custodian = await t.signIn('custodian@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  const tenantId = custodian.tenantId ?? '';
  anchors = [await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps)), pki.caDer];
  nss = nssDbTrusting(anchors);
}, 60_000);
afterAll(async () => {
  nss?.close();
  await t?.close();
  await pki?.close();
});

/** An ePak signed by its one signer: Completed, its seal owed. */
async function completed(subject: string) {
  const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
    subject,
  });
  const signed = await signAll(t, signer1.token, e.epakId, e.documentId);
  expect(signed.data.status).toBe('Completed');
  return e;
}

const zip = (epakId: string) => t.call('GET', `/v2/epaks/${epakId}/download`, { token: custodian.token });
const unzip = (raw: { rawPayload: Buffer }) => unzipSync(new Uint8Array(raw.rawPayload));
async function download(epakId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v2/epaks/${epakId}/download`,
    headers: { access_token: custodian.token },
  });
  expect(res.statusCode).toBe(200);
  return unzip(res);
}
const actions = async (epakId: string) =>
  (
    await t.call<{ action: string; details: Record<string, unknown> }[]>(
      'GET',
      `/v2/epaks/${epakId}/activity`,
      {
        token: custodian.token,
      },
    )
  ).data;

describe('completion sealing (the signet-seal job)', () => {
  let epakId = '';

  it('completion records that a seal is owed, and the job makes it once', async () => {
    const e = await completed('Sealed later');
    epakId = e.epakId;
    const before = await t.call<{ documents: { name: string }[] }>('GET', `/v2/epaks/${epakId}`, {
      token: custodian.token,
    });
    expect(before.data.documents.map((d) => d.name)).toEqual(['Sealed later.pdf']);
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 1, failed: 0 });
    // Idempotent: a second run (another server, a retried job) finds nothing owed.
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 0, failed: 0 });
    expect((await actions(epakId)).filter((a) => a.action === 'epak.sealed')).toHaveLength(1);
  });

  it('with a TSA, each signed PDF ends with a document timestamp (B-LTA) and the certificate is B-T', async () => {
    const files = await download(epakId);
    expect(Object.keys(files).sort()).toEqual(['Completion certificate.pdf', 'Sealed later.pdf']);
    const signed = files['Sealed later.pdf'] as Uint8Array;
    const judged = await pdfsig(signed, nss.dir);
    expect(judged).toHaveLength(2);
    expect([judged[0]?.valid, judged[0]?.trusted]).toEqual([true, true]);
    // pdfsig lists the document timestamp last, by the TSA, over the whole file (it cannot
    // validate RFC 3161 document timestamps itself; our verification does).
    expect(judged[1]?.text).toMatch(/Common Name: Test TSA\n/);
    expect(judged[1]?.totalDocumentSigned).toBe(true);
    expect(qpdfCheck(signed)).toBeUndefined();
    const report = verifyPdf(signed, anchors);
    expect(report.signatures.map((s) => [s.kind, s.level])).toEqual([
      ['signature', 'B-LTA'],
      ['timestamp', 'not PAdES'],
    ]);
    const stamp = report.signatures[1];
    expect([stamp?.digestMatches, stamp?.signatureValid, stamp?.trusted, stamp?.coversWholeDocument]).toEqual(
      [true, true, true, true],
    );
    expect(report.allValid).toBe(true);

    const certificate = files['Completion certificate.pdf'] as Uint8Array;
    const sealed = await pdfsig(certificate, nss.dir);
    expect(sealed.map((s) => [s.valid, s.trusted, s.totalDocumentSigned])).toEqual([[true, true, true]]);
    const certReport = verifyPdf(certificate, anchors);
    expect(certReport.signatures.map((s) => s.level)).toEqual(['B-T']);
    expect(certReport.allValid).toBe(true);
  });

  it('a TSA outage: the attempt fails, the seal stays owed and is tried again after its wait', async () => {
    const e = await completed('TSA down');
    pki.tsaDown = true;
    try {
      expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 0, failed: 1 });
      // A seal that failed once is not waited for: the zip says so at once.
      const early = await zip(e.epakId);
      expect([early.status, early.code, early.data]).toEqual([
        409,
        Code.GENERIC_ERROR,
        { sealing: true, since: expect.any(String), attempts: 1 },
      ]);
      expect(early.message).toMatch(/sealing it .* failed; it is tried again shortly/);
      // Not due again yet: the wait after a first failure is a minute.
      expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 0, failed: 0 });
    } finally {
      pki.tsaDown = false;
    }
    t.clock.advance(61);
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 1, failed: 0 });
    const files = await download(e.epakId);
    expect(verifyPdf(files['TSA down.pdf'] as Uint8Array, anchors).signatures.at(-1)?.kind).toBe('timestamp');
  });

  it(`after ${SEAL_TSA_ATTEMPTS} failed attempts it seals without the TSA, so the download is never blocked for good`, async () => {
    const e = await completed('TSA gone');
    pki.tsaDown = true;
    try {
      for (let i = 0; i < SEAL_TSA_ATTEMPTS; i++) {
        expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 0, failed: 1 });
        t.clock.advance(3601);
      }
      expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 1, failed: 0 });
    } finally {
      pki.tsaDown = false;
    }
    // Hours passed on the test clock: the session expired.
    custodian = await t.signIn('custodian@demo.test');
    const files = await download(e.epakId);
    expect(verifyPdf(files['TSA gone.pdf'] as Uint8Array, anchors).signatures.map((s) => s.kind)).toEqual([
      'signature',
    ]);
    expect(verifyPdf(files['Completion certificate.pdf'] as Uint8Array, anchors).signatures[0]?.level).toBe(
      'B-B',
    );
    const sealedEntry = (await actions(e.epakId)).find((a) => a.action === 'epak.sealed');
    expect(sealedEntry?.details).toMatchObject({ timestamped: 0 });
  });
});
