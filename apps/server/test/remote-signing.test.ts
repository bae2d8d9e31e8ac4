import { randomUUID } from 'node:crypto';
import { Code, ProviderCode } from '@signet/contracts';
import { verifyPdf } from '@signet/pdf';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSigningProviders } from '../src/adapters/signing/signing-providers.ts';
import { CSC_PIN_TRIES, type CscServer, startCscServer } from './support/csc-server.ts';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Remote signing: the signer's key lives at a trust service speaking the CSC API v2 (a loopback
 * one here, with its own CA). Signet asks it for the signer's credential, has the signer's PIN
 * (and OTP) authorise the exact hash, and embeds the signature it returns.
 */
let t: TestServer;
let csc: CscServer;
let custodian: Session;
let admin: Session;
let signer1: Session;
let signer2: Session;
let submitter: Session;

const PROVIDER = 'test-csc';
const PIN = { 'signer1@demo.test': '2468', 'signer2@demo.test': '1357', 'submitter@demo.test': '9999' };
const OTP = '424242';

interface SignAuth {
  signAuthToken: string;
  expiresIn: number;
  policy: string;
  provider: string;
  credentialId: string;
  certificate: { subject: string; serialNumber: string };
  pin: { required: boolean; label: string | null } | null;
  otp: { required: boolean } | null;
}

beforeAll(async () => {
  csc = await startCscServer([
    { email: 'signer1@demo.test', pin: PIN['signer1@demo.test'], key: 'rsa' },
    { email: 'signer2@demo.test', pin: PIN['signer2@demo.test'], key: 'ec', otp: OTP },
    { email: 'submitter@demo.test', pin: PIN['submitter@demo.test'], key: 'rsa' },
  ]);
  t = await startTestServer({
    SIGNET_SIGNING_PROVIDERS: JSON.stringify([
      {
        id: PROVIDER,
        kind: 'csc-v2',
        baseUrl: csc.url,
        clientId: csc.clientId,
        clientSecret: csc.clientSecret,
        policies: ['AADHAAR'],
      },
    ]),
  });
  custodian = await t.signIn('custodian@demo.test');
  admin = await t.signIn('admin@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
  submitter = await t.signIn('submitter@demo.test');
});
afterAll(async () => {
  await t?.close();
  await csc?.close();
});

const signAuth = (who: Session, ePakId: string, documentId: string) =>
  t.call<SignAuth>('POST', '/v2/epak/sign/auth', { token: who.token, body: { ePakId, documentId } });

const aadhaarFor = (email: string, subject: string) =>
  composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [email], signingPolicy: 'AADHAAR' }], {
    subject,
  });

async function download(epakId: string, documentId: string): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v2/epaks/${epakId}/documents/${documentId}/download`,
    headers: { access_token: custodian.token },
  });
  return new Uint8Array(res.rawPayload);
}

describe('remote signing through a CSC v2 provider', () => {
  it('two AADHAAR signers of one step authorise with their PIN (and OTP), sign on top of each other, and both signatures validate with their credentials’ certificates', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'], signingPolicy: 'AADHAAR' }],
      { subject: 'Signed at the trust service' },
    );
    // Without a sign authorisation there is nothing to sign with.
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).code).toBe(Code.INVALID_SIGN_AUTH_TOKEN);

    const auth1 = await signAuth(signer1, e.epakId, e.documentId);
    expect(auth1.code).toBe(1);
    const cred1 = csc.credentialOf('signer1@demo.test');
    expect(auth1.data).toMatchObject({
      policy: 'AADHAAR',
      provider: PROVIDER,
      credentialId: cred1.id,
      pin: { required: true, label: 'Signing PIN' },
      otp: null,
    });
    expect(auth1.data.certificate.serialNumber.toUpperCase()).toBe(cred1.certificate.serialNumber);
    const auth2 = await signAuth(signer2, e.epakId, e.documentId);
    expect(auth2.data).toMatchObject({ pin: { required: true }, otp: { required: true } });

    // Both authorised against the same version; signer 1 signs first, signer 2 on top of it.
    const first = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: auth1.data.signAuthToken,
      pin: PIN['signer1@demo.test'],
    });
    expect(first.data).toMatchObject({ actionDone: true, status: 'InProgress' });
    // A token is its recipient's, and is spent by its signature.
    const stolen = await signAll(t, signer2.token, e.epakId, e.documentId, {
      signAuthToken: auth1.data.signAuthToken,
      pin: PIN['signer2@demo.test'],
      otp: OTP,
    });
    expect(stolen.code).toBe(Code.INVALID_SIGN_AUTH_TOKEN);
    const noOtp = await signAll(t, signer2.token, e.epakId, e.documentId, {
      signAuthToken: auth2.data.signAuthToken,
      pin: PIN['signer2@demo.test'],
    });
    expect(noOtp.code).toBe(Code.WRONG_OTP);
    const second = await signAll(t, signer2.token, e.epakId, e.documentId, {
      signAuthToken: auth2.data.signAuthToken,
      pin: PIN['signer2@demo.test'],
      otp: OTP,
    });
    expect(second.data).toMatchObject({ actionDone: true, status: 'Completed' });

    const paths = new Set(csc.calls.map((c) => c.path));
    for (const p of ['list', 'info', 'authorize'].map((m) => `/csc/v2/credentials/${m}`))
      expect(paths).toContain(p);
    expect(paths).toContain('/csc/v2/signatures/signHash');

    const bytes = await download(e.epakId, e.documentId);
    const nss = nssDbTrusting([
      new Uint8Array(Buffer.from(csc.caPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')),
    ]);
    try {
      const judged = await pdfsig(bytes, nss.dir);
      expect(judged.map((s) => [s.valid, s.trusted])).toEqual([
        [true, true],
        [true, true],
      ]);
      expect(judged[1]?.totalDocumentSigned).toBe(true);
    } finally {
      nss.close();
    }
    const report = verifyPdf(bytes);
    expect(report.signatures.map((s) => [s.signatureValid, s.signer?.serialNumber])).toEqual([
      [true, cred1.certificate.serialNumber],
      [true, csc.credentialOf('signer2@demo.test').certificate.serialNumber],
    ]);
    expect(qpdfCheck(bytes)).toBeUndefined();
  });

  it('a wrong PIN is refused with -77 and the provider’s code, the authorisation survives it, and a PIN the provider locks is -14 with 402', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Wrong PIN first');
    const auth = await signAuth(signer1, e.epakId, e.documentId);
    const wrong = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: auth.data.signAuthToken,
      pin: '0000',
    });
    expect(wrong.code).toBe(Code.INVALID_CERTIFICATE_PIN);
    expect(wrong.data).toEqual({
      provider: PROVIDER,
      providerCode: ProviderCode.WRONG_PARAMETER,
      providerError: 'invalid_pin',
    });
    const noPin = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: auth.data.signAuthToken,
    });
    expect(noPin.code).toBe(Code.INVALID_CERTIFICATE_PIN);
    expect(noPin.data).toMatchObject({ providerCode: ProviderCode.MISSING_PARAMETER });
    const right = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: auth.data.signAuthToken,
      pin: PIN['signer1@demo.test'],
    });
    expect(right.data).toMatchObject({ status: 'Completed' });

    const locked = await aadhaarFor('submitter@demo.test', 'PIN locked');
    const lockAuth = await signAuth(submitter, locked.epakId, locked.documentId);
    const attempt = () =>
      signAll(t, submitter.token, locked.epakId, locked.documentId, {
        signAuthToken: lockAuth.data.signAuthToken,
        pin: '1111',
      });
    for (let i = 0; i < CSC_PIN_TRIES; i++) expect((await attempt()).code).toBe(Code.INVALID_CERTIFICATE_PIN);
    const blocked = await attempt();
    expect(blocked.code).toBe(Code.USER_LOCKED);
    expect(blocked.data).toMatchObject({
      providerCode: ProviderCode.PIN_BLOCKED,
      providerError: 'access_denied',
    });
    // The provider now reports the key disabled: no new authorisation either.
    const again = await signAuth(submitter, locked.epakId, locked.documentId);
    expect(again.code).toBe(Code.NO_CERTIFICATE);
    expect(again.data).toMatchObject({ providerCode: ProviderCode.REVOKED });
  });

  it('a sign authorisation expires (-161), a made-up one is -160, and only remote policies and the ePak’s own tenant get one', async () => {
    const e = await aadhaarFor('signer1@demo.test', 'Slow signer');
    const auth = await signAuth(signer1, e.epakId, e.documentId);
    t.clock.advance(auth.data.expiresIn + 1);
    const late = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: auth.data.signAuthToken,
      pin: PIN['signer1@demo.test'],
    });
    expect(late.code).toBe(Code.EXPIRED_SIGN_AUTH_TOKEN);
    for (const made of [randomUUID(), 'not-a-token']) {
      const res = await signAll(t, signer1.token, e.epakId, e.documentId, {
        signAuthToken: made,
        pin: PIN['signer1@demo.test'],
      });
      expect(res.code).toBe(Code.INVALID_SIGN_AUTH_TOKEN);
    }
    // Someone the provider does not know has no credential there.
    const stranger = await t.call('POST', '/v2/epak/sign/auth', {
      token: signer1.token,
      body: { ePakId: e.epakId, documentId: e.documentId, providerUserId: '+91 98000 00000' },
    });
    expect(stranger.code).toBe(Code.NO_CERTIFICATE);
    expect(stranger.data).toMatchObject({ providerCode: ProviderCode.NO_CERTIFICATE });

    const fresh = await signAuth(signer1, e.epakId, e.documentId);
    // A remote sign authorisation is not a dochash request.
    const asDochash = await t.call('POST', '/v2/epak/sign/dochash', {
      token: signer1.token,
      body: {
        pendingSignatureId: fresh.data.signAuthToken,
        signature: Buffer.alloc(64, 1).toString('base64'),
      },
    });
    expect(asDochash.code).toBe(Code.DSC_ERROR);

    const done = await signAll(t, signer1.token, e.epakId, e.documentId, {
      signAuthToken: fresh.data.signAuthToken,
      pin: PIN['signer1@demo.test'],
    });
    expect(done.data).toMatchObject({ status: 'Completed' });
    const esign = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'], signingPolicy: 'ESIGNATURE' },
    ]);
    expect((await signAuth(signer1, esign.epakId, esign.documentId)).code).toBe(Code.INVALID_INPUT);

    const other = await aadhaarFor('signer1@demo.test', 'Not for the other tenant');
    const outsider = await t.signIn('admin@other.test');
    expect((await signAuth(outsider, other.epakId, other.documentId)).code).toBe(Code.GENERIC_ERROR);
  });

  it('a remote policy without a provider is refused at compose and edit, and at start once the tenant turns its provider off', async () => {
    const compose = (policy: string, draft = true) =>
      composeAndSend(
        t,
        custodian.token,
        [{ type: 'SIGN', recipients: ['signer1@demo.test'], signingPolicy: policy }],
        {
          draft,
        },
      ).then(
        (e) => ({ code: 1, message: '', epakId: e.epakId }),
        (error: Error) => {
          const [, code, message] = /compose failed: (-?\d+) (.*)/.exec(error.message) ?? [];
          return { code: Number(code), message: message ?? error.message, epakId: '' };
        },
      );
    const transsped = await compose('TRANSSPED');
    expect(transsped.code).toBe(Code.EXTENSION_NOT_ENABLED);
    expect(transsped.message).toContain('TRANSSPED');
    expect(transsped.message).toContain('no remote signing provider');

    const setProviders = (providers: Record<string, string | null>) =>
      t.call('PUT', '/v1/configuration', { token: admin.token, body: { remoteSigning: { providers } } });
    expect((await setProviders({ TRANSSPED: 'nowhere-csc' })).code).toBe(1);
    const unknown = await compose('TRANSSPED');
    expect(unknown.code).toBe(Code.EXTENSION_NOT_ENABLED);
    expect(unknown.message).toContain('nowhere-csc');

    await setProviders({ TRANSSPED: PROVIDER });
    expect((await compose('TRANSSPED')).code).toBe(1);

    // A draft composed while AADHAAR had a provider, started after the tenant turned it off.
    const draft = await compose('AADHAAR');
    expect(draft.code).toBe(1);
    const esignDraft = await compose('ESIGNATURE');
    await setProviders({ TRANSSPED: PROVIDER, AADHAAR: null });
    const start = await t.call('POST', `/v2/epaks/${draft.epakId}/start`, { token: custodian.token });
    expect(start.code).toBe(Code.EXTENSION_NOT_ENABLED);
    expect(start.message).toContain('AADHAAR');
    const edit = await t.call('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: {
        ePakId: esignDraft.epakId,
        steps: [{ type: 'SIGN', signingPolicy: 'AADHAAR', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    });
    expect(edit.code).toBe(Code.EXTENSION_NOT_ENABLED);

    await setProviders({});
    const started = await t.call<{ status: string }>('POST', `/v2/epaks/${draft.epakId}/start`, {
      token: custodian.token,
    });
    expect(started.data.status).toBe('InProgress');
  });
});

describe('SIGNET_SIGNING_PROVIDERS', () => {
  const provider = {
    id: 'acme',
    kind: 'csc-v2',
    baseUrl: 'https://rssp.example/api',
    clientId: 'signet',
    clientSecret: 's3cret',
  };

  it('reads providers with their defaults, and stops the start when the list is malformed', () => {
    expect(parseSigningProviders(undefined)).toEqual([]);
    expect(parseSigningProviders(JSON.stringify([provider]))).toEqual([
      { ...provider, policies: [], timeoutSeconds: 30 },
    ]);
    expect(() => parseSigningProviders('{not json')).toThrow(/JSON array/);
    expect(() => parseSigningProviders(JSON.stringify([provider, provider]))).toThrow(/"acme" twice/);
    const { clientSecret: _, ...noSecret } = provider;
    expect(() => parseSigningProviders(JSON.stringify([noSecret]))).toThrow(/clientSecret/);
    expect(() => parseSigningProviders(JSON.stringify([{ ...provider, policies: ['ESIGNATURE'] }]))).toThrow(
      /policies/,
    );
    expect(() => parseSigningProviders(JSON.stringify([{ ...provider, baseUrl: 'file:///etc' }]))).toThrow(
      /baseUrl/,
    );
  });
});
