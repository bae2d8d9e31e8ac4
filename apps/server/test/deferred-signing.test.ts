import { createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { nssDbTrusting, opensslCa, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * A signer whose key lives on their own device (a USB token, a smart card): the test holds the
 * key, as the device would, and Signet sees only the certificate and the signature value.
 */
let t: TestServer;
let custodian: Session;
let signer: Session;
let dir = '';
let certificatePem = '';
let privateKeyPem = '';
let caPem = '';

interface Challenge {
  pendingSignatureId: string;
  digestToSign: string;
  signedAttributes: string;
  hashAlgorithm: string;
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
  dir = mkdtempSync(join(tmpdir(), 'signet-token-'));
  // The device's certificate comes from a CA of its own (a qualified provider, say).
  const ca = opensslCa(dir, '/CN=Token Provider CA');
  const device = ca.issue('device', 'Sanjay Signer (token)', 'ec');
  caPem = ca.caPem;
  certificatePem = device.certPem;
  privateKeyPem = device.keyPem;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const deviceSigns = (c: Challenge) =>
  sign('sha256', Buffer.from(c.signedAttributes, 'base64'), createPrivateKey(privateKeyPem)).toString(
    'base64',
  );

describe('deferred signing through /v2/epak/sign/dochash', () => {
  it('a DSC signer gets the digest, signs it on their device, and the PDF validates in pdfsig', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'], signingPolicy: 'DSC' }],
      { subject: 'Signed on a token' },
    );
    // Signet holds no key for this policy.
    expect((await signAll(t, signer.token, e.epakId, e.documentId)).code).toBe(Code.INVALID_INPUT);

    const challenge = await t.call<Challenge>('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: { ePakId: e.epakId, documentId: e.documentId, certificates: [certificatePem, caPem] },
    });
    expect(challenge.code).toBe(1);
    expect(challenge.data.hashAlgorithm).toBe('SHA-256');

    const wrong = await t.call('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: {
        pendingSignatureId: challenge.data.pendingSignatureId,
        signature: Buffer.alloc(72, 7).toString('base64'),
      },
    });
    expect(wrong.code).toBe(Code.DSC_ERROR);

    const done = await t.call<{ actionDone: boolean; status: string }>('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: { pendingSignatureId: challenge.data.pendingSignatureId, signature: deviceSigns(challenge.data) },
    });
    expect(done.data).toMatchObject({ actionDone: true, status: 'Completed' });

    const again = await t.call('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: { pendingSignatureId: challenge.data.pendingSignatureId, signature: deviceSigns(challenge.data) },
    });
    expect(again.code).toBe(Code.DSC_ERROR);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${e.epakId}/documents/${e.documentId}/download`,
      headers: { access_token: custodian.token },
    });
    const bytes = new Uint8Array(pdf.rawPayload);
    const nss = nssDbTrusting([
      new Uint8Array(Buffer.from(caPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')),
    ]);
    try {
      const signatures = await pdfsig(bytes, nss.dir);
      expect(signatures.map((s) => [s.valid, s.trusted, s.totalDocumentSigned])).toEqual([
        [true, true, true],
      ]);
    } finally {
      nss.close();
    }
    expect(qpdfCheck(bytes)).toBeUndefined();
  });

  it('refuses a certificate it cannot read, and a policy Signet signs itself', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Not deferred',
      },
    );
    const junk = await t.call('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: { ePakId: e.epakId, documentId: e.documentId, certificates: ['bm90IGEgY2VydGlmaWNhdGU='] },
    });
    expect(junk.code).toBe(Code.DSC_ERROR);
    const esign = await t.call('POST', '/v2/epak/sign/dochash', {
      token: signer.token,
      body: { ePakId: e.epakId, documentId: e.documentId, certificates: [certificatePem] },
    });
    expect(esign.code).toBe(Code.INVALID_INPUT);
  });
});
