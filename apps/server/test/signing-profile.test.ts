import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_IMAGE_BYTES } from '../src/domain/epaks/fill-tags.ts';
import { composeAndSend, SIGNATURE_PNG, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let signer1: Session;
let signer2: Session;
let admin: Session;

interface Certificate {
  certificateId: string | null;
  status: string | null;
  hasPrivateKey: boolean;
  subject: string | null;
  issuer: string | null;
}

beforeAll(async () => {
  t = await startTestServer();
  signer1 = await t.signIn('signer1@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

describe('saved signature and initials', () => {
  it('are saved and read by the user only (not even an admin reads them), and checked like a drawn signature', async () => {
    const url = `/v1/users/${signer1.userId}/signature`;
    const saved = await t.call<{ signatureImage: string; initialsImage: string }>('POST', url, {
      token: signer1.token,
      body: { signatureImage: SIGNATURE_PNG, initialsImage: SIGNATURE_PNG },
    });
    expect(saved.data).toEqual({ signatureImage: SIGNATURE_PNG, initialsImage: SIGNATURE_PNG });
    expect(
      (await t.call('POST', url, { token: signer2.token, body: { signatureImage: SIGNATURE_PNG } })).code,
    ).toBe(Code.NOT_AUTHORIZED);
    expect((await t.call('GET', url, { token: signer2.token })).code).toBe(Code.NOT_AUTHORIZED);
    expect((await t.call('GET', url, { token: admin.token })).code).toBe(Code.NOT_AUTHORIZED);
    const initials = await t.call<{ initialsImage: string }>('GET', `/v2/users/${signer1.userId}/initials`, {
      token: signer1.token,
    });
    expect(initials.data.initialsImage).toBe(SIGNATURE_PNG);
    const notImage = await t.call('POST', url, {
      token: signer1.token,
      body: { signatureImage: Buffer.from('GIF89a....').toString('base64') },
    });
    expect(notImage.code).toBe(Code.INVALID_INPUT);
    const huge = Buffer.alloc(MAX_SIGNATURE_IMAGE_BYTES + 10);
    huge.set([0x89, 0x50, 0x4e, 0x47]);
    const tooBig = await t.call('POST', url, {
      token: signer1.token,
      body: { signatureImage: huge.toString('base64') },
    });
    expect(tooBig.code).toBe(Code.SIGNATURE_UPLOAD_SIZE);
  });

  it('is used when the signer signs without drawing', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Signed with the saved signature',
      },
    );
    const signed = await t.call<{ status: string }>(
      'POST',
      `/v2/epaks/${e.epakId}/documents/${e.documentId}/sign`,
      {
        token: signer1.token,
        body: {},
      },
    );
    expect(signed.data.status).toBe('Completed');
  });
});

describe('the personal certificate', () => {
  it('is issued at the first INTERNAL signature; its PIN changes, and five wrong PINs lock it (-77, then -14)', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'], signingPolicy: 'INTERNAL' }],
      { subject: 'Internal signature' },
    );
    expect((await signAll(t, signer2.token, e.epakId, e.documentId, { pin: '2468-first' })).code).toBe(1);
    const url = `/v1/users/${signer2.userId}/certificate`;
    const cert = await t.call<Certificate>('GET', url, { token: signer2.token });
    expect(cert.data).toMatchObject({ status: 'active', hasPrivateKey: true });
    expect(cert.data.subject).toMatch(/Sara Signer/);
    const pin = `/v1/users/${signer2.userId}/certificate/${cert.data.certificateId}/pin`;
    expect(
      (
        await t.call('POST', pin, {
          token: signer2.token,
          body: { oldPin: '2468-first', newPin: '1357-second' },
        })
      ).code,
    ).toBe(1);
    const wrong = () =>
      t.call('POST', pin, { token: signer2.token, body: { oldPin: '0000-wrong', newPin: '9999-next' } });
    for (let i = 0; i < 4; i++) expect((await wrong()).code).toBe(Code.INVALID_CERTIFICATE_PIN);
    expect((await wrong()).code).toBe(Code.USER_LOCKED);
    const right = await t.call('POST', pin, {
      token: signer2.token,
      body: { oldPin: '1357-second', newPin: '9999-next' },
    });
    expect(right.code).toBe(Code.USER_LOCKED);
    expect((await t.call('GET', url, { token: signer1.token })).code).toBe(Code.NOT_AUTHORIZED);
  });

  it('can be made from the user’s own key (CSR): the key stays with them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-csr-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-new',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'req.pem'),
          '-subj',
          '/CN=Sanjay Signer',
        ],
        { stdio: 'ignore' },
      );
      const csr = readFileSync(join(dir, 'req.pem'), 'utf8');
      const res = await t.call<Certificate>('POST', `/v1/users/${signer1.userId}/csr`, {
        token: signer1.token,
        body: { csr },
      });
      expect(res.data).toMatchObject({ status: 'active', hasPrivateKey: false });
      expect(res.data.issuer).toMatch(/Demo/);
      const other = await t.call('POST', `/v1/users/${signer2.userId}/csr`, {
        token: signer1.token,
        body: { csr },
      });
      expect(other.code).toBe(Code.NOT_AUTHORIZED);
      const junk = await t.call('POST', `/v1/users/${signer1.userId}/csr`, {
        token: signer1.token,
        body: { csr: 'bm9wZQ==' },
      });
      expect(junk.code).toBe(Code.NO_CERTIFICATE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
