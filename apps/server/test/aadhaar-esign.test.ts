import { Code, ProviderCode } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esignFailureOf } from '../src/adapters/signing/aadhaar-esign-provider.ts';
import { composeAndSend, SIGNATURE_PNG } from './support/epak-helpers.ts';
import { ESP_OTP, type EspSimulator, formOf, startEspSimulator } from './support/esp-simulator.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Aadhaar eSign (eSign API 2.1) against a loopback eSign service provider: Signet signs the
 * request with its ASP key, the signer's browser carries it to the ESP, authenticates there with
 * an OTP, and brings back the ESP's signed answer, whose detached CMS becomes the PAdES signature.
 */
let t: TestServer;
let esp: EspSimulator;
let custodian: Session;
let signer1: Session;
let signer2: Session;

const PROVIDER = 'test-esign';

interface Start {
  txn: string;
  url: string;
  fields: Record<string, string>;
  expiresIn: number;
}
interface Outcome {
  status: string;
  code: number | null;
  providerCode: number | null;
  epakStatus: string | null;
  ePakId: string;
}

beforeAll(async () => {
  esp = await startEspSimulator();
  t = await startTestServer({ SIGNET_SIGNING_PROVIDERS: JSON.stringify([esp.providerConfig(PROVIDER)]) });
  custodian = await t.signIn('custodian@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
});
afterAll(async () => {
  await t?.close();
  await esp?.close();
});

const aadhaarFor = (email: string, subject: string) =>
  composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [email], signingPolicy: 'AADHAAR' }], {
    subject,
  });

const start = (who: Session, ePakId: string, documentId: string) =>
  t.call<Start>('POST', '/v2/epak/sign/aadhaar', {
    token: who.token,
    body: { ePakId, documentId, signatureImage: SIGNATURE_PNG },
  });

/** What the signer's browser does at the ESP: post the request, then the OTP form; answers the page that posts back. */
async function atEsp(form: Start, otp: string | 'cancel' = ESP_OTP) {
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
  const page = await post(form.url, form.fields);
  expect(page.status).toBe(200);
  const session = /name="session" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const answer = await post(`${esp.url}/esign/2.1/otp`, {
    session,
    otp: otp === 'cancel' ? '' : otp,
    action: otp === 'cancel' ? 'cancel' : 'verify',
    holder: 'Asha Kumari',
  });
  return formOf(await answer.text());
}

/** The browser posting the ESP's answer to Signet's responseUrl. */
async function postBack(action: string, fields: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(action).pathname,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location), 'http://signet.test');
}

const outcome = (who: Session, txn: string) =>
  t.call<Outcome>('GET', `/v2/epak/sign/aadhaar/${txn}`, { token: who.token });

async function download(epakId: string, documentId: string): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v2/epaks/${epakId}/documents/${documentId}/download`,
    headers: { access_token: custodian.token },
  });
  return new Uint8Array(res.rawPayload);
}

describe('Aadhaar eSign through an eSign 2.1 service provider', () => {
  it('sends the ESP an eSign 2.1 request signed with the ASP key, carrying the prepared document’s hash and the responseUrl of its transaction', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'eSign request shape');
    const s = await start(signer1, e.epakId, e.documentId);
    expect(s.code).toBe(1);
    expect(s.data.url).toBe(esp.signUrl);
    expect(s.data.fields).toMatchObject({ aspTxnID: s.data.txn, 'Content-Type': 'application/xml' });
    const before = esp.requests.length;
    const page = await fetch(s.data.url, { method: 'POST', body: new URLSearchParams(s.data.fields) });
    expect(page.status).toBe(200);
    const logged = esp.requests[before];
    expect(logged?.signatureValid).toBe(true);
    expect(logged?.attributes).toMatchObject({
      ver: '2.1',
      sc: 'Y',
      txn: s.data.txn,
      ekycIdType: 'A',
      aspId: 'SIGNET-TEST-ASP',
      AuthMode: '1',
      responseSigType: 'pkcs7',
      responseUrl: `http://signet.test/msbapi/public/esign/response/${custodian.tenantId}/${s.data.txn}`,
    });
    expect(logged?.attributes.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(logged?.inputHash).toMatchObject({
      id: '1',
      hashAlgorithm: 'SHA256',
      docInfo: 'eSign request shape',
    });
    expect(logged?.inputHash?.hex).toMatch(/^[0-9a-f]{64}$/);

    // A request changed on the way (another hash) no longer verifies at the ESP.
    const altered = s.data.fields.eSignRequest?.replace(/>[0-9a-f]{64}</, `>${'0'.repeat(64)}<`) ?? '';
    const refused = await fetch(s.data.url, {
      method: 'POST',
      body: new URLSearchParams({ ...s.data.fields, eSignRequest: altered }),
    });
    expect(refused.status).toBe(400);
    expect(esp.requests.at(-1)?.signatureValid).toBe(false);
  });

  it('signs after the OTP at the ESP: the returned CMS is embedded as a PAdES signature valid and trusted in pdfsig with the ESP’s CA', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Signed with Aadhaar');
    const s = await start(signer1, e.epakId, e.documentId);
    expect((await outcome(signer1, s.data.txn)).data.status).toBe('pending');
    const back = await atEsp(s.data);
    const landed = await postBack(back.action, back.fields);
    expect(landed.pathname).toBe('/aadhaar-redirect');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ txn: s.data.txn, status: 'signed' });
    expect((await outcome(signer1, s.data.txn)).data).toMatchObject({
      status: 'signed',
      code: null,
      ePakId: e.epakId,
      epakStatus: 'Completed',
    });
    // Only the signer who started it reads the transaction.
    expect((await outcome(signer2, s.data.txn)).code).toBe(Code.INVALID_SIGN_AUTH_TOKEN);

    const bytes = await download(e.epakId, e.documentId);
    const nss = nssDbTrusting([esp.caDer]);
    try {
      const sigs = await pdfsig(bytes, nss.dir);
      expect(sigs.map((x) => [x.valid, x.trusted, x.totalDocumentSigned])).toEqual([[true, true, true]]);
      expect(sigs[0]?.text).toContain('Asha Kumari');
    } finally {
      nss.close();
    }
    expect(qpdfCheck(bytes)).toBeUndefined();
  });

  it('refuses the same answer posted twice: the transaction is used once and the document has one signature', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Replayed answer');
    const s = await start(signer1, e.epakId, e.documentId);
    const back = await atEsp(s.data);
    expect((await postBack(back.action, back.fields)).searchParams.get('status')).toBe('signed');
    const again = await postBack(back.action, back.fields);
    expect(Object.fromEntries(again.searchParams)).toMatchObject({
      status: 'failed',
      code: String(Code.INVALID_SIGN_AUTH_TOKEN),
    });
    const nss = nssDbTrusting([esp.caDer]);
    try {
      expect(await pdfsig(await download(e.epakId, e.documentId), nss.dir)).toHaveLength(1);
    } finally {
      nss.close();
    }
  });

  it('refuses a forged or altered answer and one about another transaction, and still takes the ESP’s real answer afterwards', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Forged answer');
    const s = await start(signer1, e.epakId, e.documentId);
    const back = await atEsp(s.data);
    const real = back.fields.eSignResponse ?? '';
    const forgedBy = (xml: string) =>
      esp.response(
        { ver: '2.1', status: '1', ts: '2026-11-25T10:00:00', txn: s.data.txn, resCode: 'x' },
        /<EsignResp[^>]*>([\s\S]*)<Signature/.exec(xml)?.[1] ?? '',
        esp.forger.keyPem,
        esp.forger.certPem,
      );
    const tries = {
      // Signed by someone else than the ESP.
      forged: forgedBy(real),
      // The ESP's answer with another signature value slipped in.
      altered: real.replace(/(<DocSignature[^>]*>)([A-Za-z0-9+/]{8})/, '$1AAAAAAAA'),
      // A real ESP answer, about another transaction.
      otherTxn: esp.response(
        { ver: '2.1', status: '1', ts: 'x', txn: '00000000-0000-4000-8000-000000000000', resCode: 'x' },
        '',
      ),
      // No signature at all.
      unsigned: real.replace(/<Signature[\s\S]*<\/Signature>/, ''),
    };
    for (const [what, xml] of Object.entries(tries)) {
      const landed = await postBack(back.action, { ...back.fields, eSignResponse: xml });
      expect([what, Object.fromEntries(landed.searchParams)]).toEqual([
        what,
        { txn: s.data.txn, status: 'failed', code: String(Code.DSC_ERROR) },
      ]);
    }
    expect((await outcome(signer1, s.data.txn)).data.status).toBe('pending');
    expect((await postBack(back.action, back.fields)).searchParams.get('status')).toBe('signed');
  });

  it('maps the ESP’s refusals to spec codes: a wrong OTP is -138 (102), a cancelled signing ends the transaction', async () => {
    const e = await aadhaarFor('signer2@demo.test', 'Wrong OTP');
    const s = await start(signer2, e.epakId, e.documentId);
    const back = await atEsp(s.data, '000000');
    const landed = await postBack(back.action, back.fields);
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({
      status: 'failed',
      code: String(Code.WRONG_OTP),
    });
    expect((await outcome(signer2, s.data.txn)).data).toMatchObject({
      status: 'failed',
      code: Code.WRONG_OTP,
      providerCode: ProviderCode.WRONG_PARAMETER,
    });
    // The signer starts again and cancels at the ESP: nothing is signed, the ePak still waits.
    const s2 = await start(signer2, e.epakId, e.documentId);
    const cancelled = await atEsp(s2.data, 'cancel');
    expect((await postBack(cancelled.action, cancelled.fields)).searchParams.get('status')).toBe('failed');
    expect((await outcome(signer2, s2.data.txn)).data).toMatchObject({
      providerCode: ProviderCode.UNAUTHORIZED,
    });
    // Then signs.
    const s3 = await start(signer2, e.epakId, e.documentId);
    const ok = await atEsp(s3.data);
    expect((await postBack(ok.action, ok.fields)).searchParams.get('status')).toBe('signed');
  });

  it('reads the ESP’s error wording as the card and provider codes of §8', () => {
    expect(esignFailureOf('ESP-944', 'Aadhaar OTP validation failed')).toBe('wrongOtp');
    expect(esignFailureOf('ESP-402', 'PIN blocked')).toBe('pinBlocked');
    expect(esignFailureOf('K-500', 'Aadhaar number is locked by the resident')).toBe('cardBlocked');
    expect(esignFailureOf('ESP-504', 'Transaction already in process')).toBe('inProcess');
    expect(esignFailureOf('ESP-911', 'Connection timed out')).toBe('timeout');
    expect(esignFailureOf('ESP-501', 'Certificate revoked')).toBe('credentialUnusable');
    expect(esignFailureOf('ESP-999', 'Unexpected')).toBe('unavailable');
  });

  it('refuses the two-call remote flow for an eSign provider, and the eSign flow for a policy Signet signs itself', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Not through sign/auth');
    const auth = await t.call('POST', '/v2/epak/sign/auth', {
      token: signer1.token,
      body: { ePakId: e.epakId, documentId: e.documentId },
    });
    expect(auth.code).toBe(Code.NO_CERTIFICATE);
    expect(auth.message).toContain('oauth2code');
    const internal = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'], signingPolicy: 'INTERNAL' },
    ]);
    expect((await start(signer1, internal.epakId, internal.documentId)).code).toBe(Code.INVALID_INPUT);
  });
});
