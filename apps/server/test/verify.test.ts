import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, type VerifyQrData, type VerifyResult } from '@signet/contracts';
import { localSigner, signPdf } from '@signet/pdf';
import { qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootCa, issueCertificate } from '../src/domain/signing/certificates.ts';
import { qrToken } from '../src/domain/verify/qr-link.ts';
import { composeAndSend, multipart, samplePdf, signAll, signatureTag } from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { scanQr } from './support/qr-scan.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let signed: { epakId: string; documentId: string; bytes: Uint8Array };

async function download(epakId: string, documentId: string, token: string): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v2/epaks/${epakId}/documents/${documentId}/download`,
    headers: { access_token: token },
  });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

function verifyCall(server: TestServer, bytes: Uint8Array | null, url = '/public/verify') {
  const { body, contentType } = multipart(bytes ? [{ name: 'contract.pdf', bytes }] : [], {});
  return server.call<VerifyResult>('POST', url, { body, headers: { 'content-type': contentType } });
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  const signer = await t.signIn('signer1@demo.test');
  const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
    subject: 'Verify me',
  });
  const res = await signAll(t, signer.token, e.epakId, e.documentId);
  expect(res.code, res.message).toBe(1);
  signed = { ...e, bytes: await download(e.epakId, e.documentId, custodian.token) };
}, 120_000);
afterAll(() => t?.close());

describe('POST /public/verify', () => {
  it('a document signed here verifies without signing in: intact, trusted by its tenant CA, B-B, revocation from the issuer', async () => {
    const res = await verifyCall(t, signed.bytes);
    expect(res.code, res.message).toBe(1);
    expect(res.data.verdict).toBe('valid');
    expect(res.data.fileName).toBe('contract.pdf');
    expect(res.data.size).toBe(signed.bytes.length);
    const [s] = res.data.signatures;
    expect(s).toMatchObject({
      kind: 'signature',
      intact: true,
      trusted: true,
      trustSource: 'tenant',
      coversWholeDocument: true,
      level: 'B-B',
      modification: 'none',
      revocation: { status: 'good', source: 'CRL', origin: 'issuer' },
    });
    expect(s?.signer?.commonName).toBeTruthy();
    expect(s?.signingTime).toBeTruthy();
    expect(s?.chain.length).toBeGreaterThanOrEqual(2);
  });

  it('an altered copy is not intact and the verdict is invalid', async () => {
    const altered = new Uint8Array(signed.bytes);
    // Inside the first signed range (the original document's body).
    altered[300] = (altered[300] as number) ^ 0x20;
    const res = await verifyCall(t, altered);
    expect(res.code).toBe(1);
    expect(res.data.verdict).toBe('invalid');
    expect(res.data.signatures[0]?.intact).toBe(false);
    expect(res.data.signatures[0]?.problems.join(' ')).toMatch(/changed/);
  });

  it('an unsigned PDF has the verdict unsigned', async () => {
    const res = await verifyCall(t, samplePdf('Plain', 1));
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ verdict: 'unsigned', signatures: [] });
  });

  it('a file signed by a CA nobody here trusts is intact but only a warning', async () => {
    const root = await createRootCa('Elsewhere Ltd', new Date());
    const leaf = await issueCertificate({
      issuer: root,
      kind: 'seal',
      commonName: 'Elsewhere signer',
      organisation: 'Elsewhere Ltd',
      now: new Date(),
      years: 1,
    });
    const pem = (der: Uint8Array) =>
      `-----BEGIN PRIVATE KEY-----\n${Buffer.from(der).toString('base64')}\n-----END PRIVATE KEY-----\n`;
    const elsewhere = await signPdf(
      samplePdf('Elsewhere', 1),
      localSigner(pem(leaf.privateKey as Uint8Array), [leaf.certificate, root.certificate]),
    );
    const res = await verifyCall(t, elsewhere);
    expect(res.data.verdict).toBe('warning');
    expect(res.data.signatures[0]).toMatchObject({
      intact: true,
      trusted: false,
      trustSource: null,
      revocation: null,
    });
  });

  it('refuses a request without a file with -109 and a file that is not a PDF with -59', async () => {
    const none = await verifyCall(t, null);
    expect(none.status).toBe(400);
    expect(none.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const notMultipart = await t.call('POST', '/public/verify', { body: { file: 'x' } });
    expect(notMultipart.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const text = await verifyCall(t, new TextEncoder().encode('just some words'));
    expect(text.status).toBe(422);
    expect(text.code).toBe(Code.INVALID_DOCUMENT);
  });

  it('the report is a sound PDF of the same verification', async () => {
    const { body, contentType } = multipart([{ name: 'contract.pdf', bytes: signed.bytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/msbapi/public/verify/report',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = new Uint8Array(res.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(qpdfCheck(pdf)).toBeUndefined();
    const failed = await verifyCall(t, new TextEncoder().encode('nope'), '/public/verify/report');
    expect(failed.code).toBe(Code.INVALID_DOCUMENT);
  });

  it('writes the report in the language of the request', async () => {
    const { body, contentType } = multipart([{ name: 'contract.pdf', bytes: signed.bytes }]);
    for (const [language, words] of [
      ['hi', ['हस्ताक्षर सत्यापन रिपोर्ट', 'हस्ताक्षर 1']],
      ['fr-FR', ['Rapport de vérification des signatures', 'Octets intacts']],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/msbapi/public/verify/report',
        payload: body,
        headers: { 'content-type': contentType, 'accept-language': language },
      });
      const text = pdfText(new Uint8Array(res.rawPayload));
      for (const word of words) expect(text, language).toContain(word);
    }
  });
});

describe('GET /public/verifyQrData', () => {
  it("answers a genuine QR code's document: hashes, status, organisation and signers, without its name", async () => {
    const qr = qrToken(signed.documentId, t.deps.vault);
    const res = await t.call<VerifyQrData>('GET', '/public/verifyQrData', { query: { qr } });
    expect(res.code, res.message).toBe(1);
    expect(res.data.documentId).toBe(signed.documentId);
    expect(res.data.status).toBe('Completed');
    expect(res.data.pageCount).toBe(1);
    expect(res.data.signers).toHaveLength(1);
    expect(res.data.signers[0]?.status).toBe('Signed');
    expect(res.data.signers[0]?.signedAt).toBeTruthy();
    expect(res.data.organisation).toBeTruthy();
    expect(res.raw).not.toContain('Verify me');
    expect(res.raw).not.toContain('signer1@demo.test');
    // The file as it stands now has the hash the QR's document has now.
    const verified = await verifyCall(t, signed.bytes);
    expect(verified.data.sha256).toBe(res.data.sha256);
    expect(res.data.originalSha256).not.toBe(res.data.sha256);
  });

  it("a QR code tag stamped at signing carries the document's verification URL, which verifyQrData answers", async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Paper with a QR code',
        draft: true,
      },
    );
    const qrTag = {
      ...signatureTag('signer1@demo.test', 1, 1, 300, 60),
      key: 'qrcode',
      type: 'qrcode',
      blockWidth: 150,
      blockHeight: 150,
      tagFor: 'custodian',
      value: JSON.stringify({ Invoice: 'INV-42' }),
    };
    const placed = await t.call('POST', `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`, {
      token: custodian.token,
      body: { tags: [signatureTag('signer1@demo.test', 1, 1, 40, 60), qrTag] },
    });
    expect(placed.code, placed.message).toBe(1);
    expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
    const res = await signAll(t, (await t.signIn('signer1@demo.test')).token, e.epakId, e.documentId);
    expect(res.code, res.message).toBe(1);

    const scanned = scanQr(await download(e.epakId, e.documentId, custodian.token), 1) ?? '';
    expect(scanned).toContain('Invoice: INV-42');
    const url = new URL(/Verify: (\S+)/.exec(scanned)?.[1] ?? 'http://none');
    expect(url.pathname).toBe('/verify');
    const data = await t.call<VerifyQrData>('GET', '/public/verifyQrData', {
      query: { qr: url.searchParams.get('qr') ?? '' },
    });
    expect(data.code, data.message).toBe(1);
    expect(data.data.documentId).toBe(e.documentId);
    expect(data.data.status).toBe('Completed');
  });

  it('detects an altered or forged QR code with -1401', async () => {
    const qr = qrToken(signed.documentId, t.deps.vault);
    const [id = '', tag = ''] = qr.split('.');
    const otherId = `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;
    for (const forged of [`${otherId}.${tag}`, `${id}.${tag.slice(1)}A`, id, `${qr}.x`, 'hello']) {
      const res = await t.call('GET', '/public/verifyQrData', { query: { qr: forged } });
      expect(res.status, forged).toBe(400);
      expect(res.code, forged).toBe(Code.QR_NOT_GENUINE);
    }
    const missing = await t.call('GET', '/public/verifyQrData');
    expect(missing.code).toBe(Code.INVALID_INPUT);
  });

  it('a genuine code of a document that does not exist answers -1006', async () => {
    const qr = qrToken('00000000-0000-4000-8000-000000000042', t.deps.vault);
    const res = await t.call('GET', '/public/verifyQrData', { query: { qr } });
    expect(res.status).toBe(404);
    expect(res.code).toBe(Code.DOCUMENT_MISSING);
  });
});

describe('configured roots and limits', () => {
  let other: TestServer;
  let national: Uint8Array;

  beforeAll(async () => {
    const root = await createRootCa('National Root Authority', new Date());
    const leaf = await issueCertificate({
      issuer: root,
      kind: 'seal',
      commonName: 'Citizen signer',
      organisation: 'National Root Authority',
      now: new Date(),
      years: 1,
    });
    const key = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(leaf.privateKey as Uint8Array).toString('base64')}\n-----END PRIVATE KEY-----\n`;
    national = await signPdf(
      samplePdf('National', 1),
      localSigner(key, [leaf.certificate, root.certificate]),
    );
    const file = join(t.dataDir, 'national-roots.pem');
    writeFileSync(
      file,
      `-----BEGIN CERTIFICATE-----\n${Buffer.from(root.certificate).toString('base64')}\n-----END CERTIFICATE-----\n`,
    );
    other = await startTestServer({ SIGNET_NATIONAL_ROOTS: file, AUTH_RATE_LIMIT: '3' });
  }, 120_000);
  afterAll(() => other?.close());

  it('a chain ending at a configured national root is trusted, and says so', async () => {
    const res = await verifyCall(other, national);
    expect(res.code, res.message).toBe(1);
    expect(res.data.verdict).toBe('valid');
    expect(res.data.signatures[0]).toMatchObject({
      trusted: true,
      trustSource: 'national',
      trustAnchor: 'National Root Authority Root CA',
    });
  });

  it('an address that verifies too often is told to wait (429)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await other.call('GET', '/public/verifyQrData', { query: { qr: 'x' } })).status);
    expect(answers.slice(0, 3)).toEqual([400, 400, 400]);
    expect(answers[3]).toBe(429);
  });
});
