import { type BulkSignItem, Code } from '@signet/contracts';
import { verifyPdf } from '@signet/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { composeAndSend, SIGNATURE_PNG, samplePdf, signatureTag, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let signer: Session;
const PIN = '4826-bulk';

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer2@demo.test');
});
afterAll(() => t.close());

/** An INTERNAL ePak for signer2: a signature tag, and a required text field when asked. */
async function internalEpak(subject: string, opts: { requiredField?: boolean } = {}) {
  const recipients = ['signer2@demo.test'];
  const e = await composeAndSend(
    t,
    custodian.token,
    [{ type: 'SIGN', recipients, signingPolicy: 'INTERNAL' }],
    {
      subject,
      draft: true,
    },
  );
  if (opts.requiredField) {
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    const placed = await t.call('POST', blocks, {
      token: custodian.token,
      body: {
        tags: [
          signatureTag('signer2@demo.test', 1, 1, 40, 60),
          {
            key: 'text',
            type: 'text',
            label: 'Employee number',
            userEmail: 'signer2@demo.test',
            wfsOrderId: 1,
            pageNumber: 1,
            positionX: 40,
            positionY: 300,
            blockWidth: 160,
            blockHeight: 24,
            validations: { required: { value: true, message: '' } },
          },
        ],
      },
    });
    expect(placed.code).toBe(1);
  }
  expect((await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token })).code).toBe(1);
  return e;
}

function bulkSign(ePakIds: string[], pin?: string) {
  return t.call<BulkSignItem[]>('POST', '/v2/epaks/bulksign', {
    token: signer.token,
    body: { ePakIds, signatureImage: SIGNATURE_PNG, ...(pin ? { pin } : {}) },
  });
}

async function currentDocument(epakId: string, documentId: string): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/msbapi/v2/epaks/${epakId}/documents/${documentId}/download`,
    headers: { access_token: signer.token },
  });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

describe('bulk sign', () => {
  it('signs each INTERNAL ePak with its own PAdES signature by the signer’s certificate, the PIN given once', async () => {
    const epaks = [await internalEpak('Bulk 1'), await internalEpak('Bulk 2'), await internalEpak('Bulk 3')];
    const res = await bulkSign(
      epaks.map((e) => e.epakId),
      PIN,
    );
    expect(res.data.map((x) => [x.status, x.code])).toEqual([
      ['SIGNED', null],
      ['SIGNED', null],
      ['SIGNED', null],
    ]);
    const tenantId = signer.tenantId ?? '';
    const root = await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps));
    for (const e of epaks) {
      const report = verifyPdf(await currentDocument(e.epakId, e.documentId), [root]);
      expect(report.signatures).toHaveLength(1);
      expect(report.signatures[0]).toMatchObject({
        digestMatches: true,
        signatureValid: true,
        trusted: true,
      });
      expect(report.signatures[0]?.signer?.commonName).toMatch(/Sara Signer/);
    }
  });

  it('lists an ePak with a required field left empty as skipped, names the field, and signs none of it', async () => {
    const plain = await internalEpak('Bulk plain');
    const withField = await internalEpak('Bulk with a field', { requiredField: true });
    const res = await bulkSign([withField.epakId, plain.epakId], PIN);
    expect(res.data[0]).toMatchObject({
      ePakId: withField.epakId,
      status: 'SKIPPED',
      code: Code.INVALID_INPUT,
      missing: ['Employee number'],
    });
    expect(res.data[1]).toMatchObject({ ePakId: plain.epakId, status: 'SIGNED' });
    const tenantId = signer.tenantId ?? '';
    const root = await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps));
    const untouched = verifyPdf(await currentDocument(withField.epakId, withField.documentId), [root]);
    expect(untouched.signatures).toHaveLength(0);
  });

  it('signs a two-document ePak whole or not at all: a field to fill in the second leaves the first unsigned too', async () => {
    const first = await upload(t, custodian.token, 'Offer.pdf', samplePdf('Offer', 1));
    const second = await upload(t, custodian.token, 'Annex.pdf', samplePdf('Annex', 1));
    const created = await t.call<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [first.documentId, second.documentId],
        subject: 'Bulk two documents',
        steps: [{ type: 'SIGN', signingPolicy: 'INTERNAL', recipients: [{ email: 'signer2@demo.test' }] }],
      },
    });
    const id = created.data.ePakId;
    const blocks = (doc: string) => `/v2/epaks/${id}/documents/${doc}/signatureblocks`;
    await t.call('POST', blocks(first.documentId), {
      token: custodian.token,
      body: { tags: [signatureTag('signer2@demo.test', 1, 1, 40, 60)] },
    });
    await t.call('POST', blocks(second.documentId), {
      token: custodian.token,
      body: {
        // INTERNAL takes one signature tag per signer: the second document has only the field.
        tags: [
          {
            key: 'text',
            type: 'text',
            label: 'Start date',
            userEmail: 'signer2@demo.test',
            wfsOrderId: 1,
            pageNumber: 1,
            positionX: 40,
            positionY: 300,
            blockWidth: 160,
            blockHeight: 24,
            validations: { required: { value: true, message: '' } },
          },
        ],
      },
    });
    expect((await t.call('POST', `/v2/epaks/${id}/start`, { token: custodian.token })).code).toBe(1);
    const res = await bulkSign([id], PIN);
    expect(res.data[0]).toMatchObject({
      status: 'SKIPPED',
      code: Code.INVALID_INPUT,
      missing: ['Start date'],
    });
    const tenantId = signer.tenantId ?? '';
    const root = await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps));
    expect(verifyPdf(await currentDocument(id, first.documentId), [root]).signatures).toHaveLength(0);
  });

  it('skips what is not waiting for the signer’s signature with -28: a review, someone else’s turn, one signed already', async () => {
    const review = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'REVIEW', recipients: ['signer2@demo.test'] }],
      {
        subject: 'Bulk review',
      },
    );
    const others = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Bulk not mine',
      },
    );
    const mine = await internalEpak('Bulk twice');
    expect((await bulkSign([mine.epakId], PIN)).data[0]?.status).toBe('SIGNED');
    const res = await bulkSign([review.epakId, others.epakId, mine.epakId], PIN);
    expect(res.data.map((x) => x.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED']);
    expect(res.data[0]?.code).toBe(Code.USER_STEP_NOT_PENDING);
    expect(res.data[2]?.code).toBeLessThan(0);
  });

  it('meets a wrong PIN once: the rest of the request is skipped with -77 and one failure is counted', async () => {
    const epaks = [
      await internalEpak('Bulk PIN 1'),
      await internalEpak('Bulk PIN 2'),
      await internalEpak('Bulk PIN 3'),
    ];
    const ids = epaks.map((e) => e.epakId);
    for (let i = 0; i < 4; i++) {
      const wrong = await bulkSign(ids, '0000-wrong');
      expect(wrong.data.map((x) => [x.status, x.code])).toEqual(
        ids.map(() => ['SKIPPED', Code.INVALID_CERTIFICATE_PIN]),
      );
    }
    // Four requests of three ePaks each counted four wrong PINs, not twelve: the key still opens.
    const right = await bulkSign(ids, PIN);
    expect(right.data.map((x) => x.status)).toEqual(['SIGNED', 'SIGNED', 'SIGNED']);
  });

  it('asks for the PIN under INTERNAL: without it every ePak of the request is skipped with -77', async () => {
    const e = await internalEpak('Bulk no PIN');
    const res = await bulkSign([e.epakId]);
    expect(res.data[0]).toMatchObject({ status: 'SKIPPED', code: Code.INVALID_CERTIFICATE_PIN });
  });

  it('refuses more than 100 ePaks in one request (the web app sends batches)', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await bulkSign(ids, PIN)).code).toBe(Code.INVALID_INPUT);
  });
});
