import { Code, ProviderCode } from '@signet/contracts';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../src/adapters/signing/csc-v2-provider.ts';
import { CSC_PIN_TRIES, type CscServer, startCscServer } from './support/csc-server.ts';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The COSIGN, TRANSSPED and UIS calls of spec §7 over a CSC v2 service on loopback: TRANSSPED
 * lists the signer's certificates, COSIGN authenticates the signer's account there and answers a
 * sign authorisation the sign call uses alone, the UIS auth code lasts the UIS session.
 */
let t: TestServer;
let csc: CscServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

const COSIGN_USER = 'asha.cosign';
const COSIGN_PASSWORD = 'Cosign-pass-1';
const COSIGN_OTP_USER = 'ravi.cosign';
const OTP = '777111';

beforeAll(async () => {
  csc = await startCscServer([
    { email: 'signer1@demo.test', pin: '2468', key: 'rsa' },
    { email: COSIGN_USER, pin: COSIGN_PASSWORD, key: 'rsa' },
    { email: COSIGN_OTP_USER, pin: COSIGN_PASSWORD, key: 'ec', otp: OTP },
  ]);
  const provider = (id: string, policies: string[]) => ({
    id,
    kind: 'csc-v2',
    baseUrl: csc.url,
    clientId: csc.clientId,
    clientSecret: csc.clientSecret,
    policies,
  });
  t = await startTestServer({
    SIGNET_SIGNING_PROVIDERS: JSON.stringify([
      provider('test-transsped', ['TRANSSPED']),
      provider('test-cosign', ['COSIGN']),
    ]),
  });
  custodian = await t.signIn('custodian@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
});
afterAll(async () => {
  await t?.close();
  await csc?.close();
});

interface Certificate {
  credentialId: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  usable: boolean;
}
interface Challenge {
  signAuthToken: string;
  provider: string;
  pin: unknown;
  otp: unknown;
}

const cosignFor = (email: string, subject: string) =>
  composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [email], signingPolicy: 'COSIGN' }], {
    subject,
  });

const authenticate = (who: Session, form: Record<string, string>) =>
  t.call<Challenge>('POST', '/v1/cosign/authentication', { token: who.token, form });

describe('TRANSSPED certificates', () => {
  it('lists the signer’s certificates at the TRANSSPED provider with subject, issuer, validity and whether they can sign', async () => {
    const res = await t.call<Certificate[]>('GET', '/v1/transsped/certificates', { token: signer1.token });
    expect(res.code).toBe(1);
    expect(res.data).toHaveLength(1);
    const [cert] = res.data;
    expect(cert).toMatchObject({ credentialId: csc.credentialOf('signer1@demo.test').id, usable: true });
    expect(cert?.subject).toContain('signer1@demo.test (remote)');
    expect(cert?.issuer).toContain('Test Trust Service CA');
    expect(new Date(cert?.notAfter ?? '').getTime()).toBeGreaterThan(Date.now());
  });

  it('answers -9 with provider code 422 for a signer without a certificate there', async () => {
    const res = await t.call('GET', '/v1/transsped/certificates', { token: signer2.token });
    expect(res.code).toBe(Code.NO_CERTIFICATE);
    expect(res.data).toMatchObject({ provider: 'test-transsped', providerCode: ProviderCode.NO_CERTIFICATE });
  });
});

describe('COSIGN authentication', () => {
  it('authenticates the signer’s COSIGN account (form-encoded) and the sign call signs with the token alone', async () => {
    const e = await cosignFor('signer2@demo.test', 'Signed through COSIGN');
    const auth = await authenticate(signer2, {
      ePakId: e.epakId,
      documentId: e.documentId,
      username: COSIGN_USER,
      password: COSIGN_PASSWORD,
    });
    expect(auth.code).toBe(1);
    expect(auth.data).toMatchObject({ provider: 'test-cosign', pin: null, otp: null });
    const signed = await signAll(t, signer2.token, e.epakId, e.documentId, {
      signAuthToken: auth.data.signAuthToken,
    });
    expect(signed.data).toMatchObject({ actionDone: true, status: 'Completed' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${e.epakId}/documents/${e.documentId}/download`,
      headers: { access_token: custodian.token },
    });
    const nss = nssDbTrusting([
      new Uint8Array(Buffer.from(csc.caPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')),
    ]);
    try {
      const sigs = await pdfsig(new Uint8Array(res.rawPayload), nss.dir);
      expect(sigs.map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
    } finally {
      nss.close();
    }
  });

  it('takes the OTP with the password, and maps a wrong password to -77 (102) and a blocked one to -14 (402)', async () => {
    const e = await cosignFor('signer2@demo.test', 'COSIGN with an OTP');
    const base = { ePakId: e.epakId, documentId: e.documentId, username: COSIGN_OTP_USER };
    // A wrong password is kept with the token; each sign call tries it, until the provider locks it.
    const wrong = await authenticate(signer2, { ...base, password: 'not-it', otp: OTP });
    expect(wrong.code).toBe(1);
    const attempt = () =>
      signAll(t, signer2.token, e.epakId, e.documentId, { signAuthToken: wrong.data.signAuthToken });
    for (let i = 0; i < CSC_PIN_TRIES; i++) {
      const refused = await attempt();
      expect(refused.code).toBe(Code.INVALID_CERTIFICATE_PIN);
      expect(refused.data).toMatchObject({ providerCode: ProviderCode.WRONG_PARAMETER });
    }
    const blocked = await attempt();
    expect(blocked.code).toBe(Code.USER_LOCKED);
    expect(blocked.data).toMatchObject({ providerCode: ProviderCode.PIN_BLOCKED });
    // The account's key is now disabled at the provider: authenticating again is refused (501).
    const again = await authenticate(signer2, { ...base, password: COSIGN_PASSWORD, otp: OTP });
    expect(again.code).toBe(Code.NO_CERTIFICATE);
    expect(again.data).toMatchObject({ providerCode: ProviderCode.REVOKED });
  });

  it('refuses a step that is not COSIGN, and an unknown account', async () => {
    const other = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'], signingPolicy: 'TRANSSPED' },
    ]);
    const notCosign = await authenticate(signer1, {
      ePakId: other.epakId,
      documentId: other.documentId,
      username: COSIGN_USER,
      password: COSIGN_PASSWORD,
    });
    expect(notCosign.code).toBe(Code.INVALID_INPUT);
    const e = await cosignFor('signer1@demo.test', 'Unknown COSIGN account');
    const unknown = await authenticate(signer1, {
      ePakId: e.epakId,
      documentId: e.documentId,
      username: 'nobody.here',
      password: 'x',
    });
    expect(unknown.code).toBe(Code.NO_CERTIFICATE);
    expect(unknown.data).toMatchObject({ providerCode: ProviderCode.NO_CERTIFICATE });
    const missing = await authenticate(signer1, {
      ePakId: e.epakId,
      documentId: e.documentId,
      username: 'x',
    });
    expect(missing.code).toBe(Code.INVALID_INPUT);
  });
});

describe('UIS auth code', () => {
  it('answers a signed code for this session lasting uistokenexpiresin minus the 120 s correction', async () => {
    const session = await t.call<{ uistokenexpiresin: number }>('POST', '/v1/authenticate', {
      form: { username: 'signer1@demo.test', password: 'Signet-demo-1' },
    });
    const res = await t.call<{ authCode: string; expiresIn: number }>('GET', '/v1/uisauthcode', {
      token: signer1.token,
    });
    expect(res.code).toBe(1);
    expect(res.data.expiresIn).toBe(session.data.uistokenexpiresin - 120);
    const [, payload] = res.data.authCode.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims.sub).toBe(signer1.userId);
    expect((claims.exp as number) - (claims.iat as number)).toBe(res.data.expiresIn);
  });
});

describe('provider codes (§8) from a CSC provider’s refusals', () => {
  it('tells a blocked card (403) from a blocked PIN (402), and a request still in process (504)', () => {
    expect(failureOf(403, { error: 'access_denied', error_description: 'The smart card is blocked' })).toBe(
      'cardBlocked',
    );
    expect(failureOf(403, { error: 'access_denied', error_description: 'PIN locked' })).toBe('pinBlocked');
    expect(
      failureOf(409, { error: 'invalid_request', error_description: 'Signing request in process' }),
    ).toBe('inProcess');
    expect(failureOf(400, { error: 'invalid_pin' })).toBe('wrongPin');
  });
});
