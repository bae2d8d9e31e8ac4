import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { SIGNATURE_PNG, samplePdf, signatureTag, upload } from './support/epak-helpers.ts';
import { linkIn } from './support/mail-catcher.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let nss: { dir: string; close(): void };

interface Detail {
  ePakId: string;
  status: string;
  progressPercent: number;
  documents: { id: string; name: string }[];
  steps: {
    id: string;
    type: string;
    status: string;
    recipients: { id: string; email: string; status: string }[];
  }[];
  can: Record<string, boolean>;
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  const tenantId = custodian.tenantId ?? '';
  nss = nssDbTrusting([await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps))]);
});
afterAll(async () => {
  nss?.close();
  await t.close();
});

describe('an ePak from compose to a validating signed PDF', () => {
  let epakId = '';
  let documentId = '';

  it('composes a 3-step ePak (review → two parallel signers → email) with tags and sends it', async () => {
    const doc = await upload(
      t,
      custodian.token,
      'Master Services Agreement.pdf',
      samplePdf('Master Services Agreement'),
    );
    documentId = doc.documentId;
    expect(doc.pageCount).toBe(2);
    const created = await t.call<Detail>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        message: 'Please sign by Friday',
        steps: [
          { type: 'REVIEW', recipients: [{ email: 'signer2@demo.test' }] },
          {
            type: 'SIGN',
            signingPolicy: 'ESIGNATURE',
            recipients: [
              { email: 'signer1@demo.test' },
              { email: 'submitter@demo.test', signingPolicy: 'INTERNAL' },
            ],
          },
          { type: 'EMAIL', recipients: [{ email: 'registrar@demo.test' }] },
        ],
      },
    });
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({ status: 'Draft', subject: 'Master Services Agreement' });
    epakId = created.data.ePakId;

    const notYet = await t.call('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token });
    expect(notYet.code).toBe(Code.SIGNATURE_TAG_NOT_FOUND);

    const blocks = `/v2/epaks/${epakId}/documents/${documentId}/signatureblocks`;
    const overlapping = await t.call('POST', blocks, {
      token: custodian.token,
      body: {
        tags: [
          signatureTag('signer1@demo.test', 2, 1, 60, 600),
          signatureTag('submitter@demo.test', 2, 1, 100, 620),
        ],
      },
    });
    expect([overlapping.code, overlapping.message]).toEqual([Code.INVALID_INPUT, 'tagOverlappingError']);
    const offPage = await t.call('POST', blocks, {
      token: custodian.token,
      body: { tags: [signatureTag('signer1@demo.test', 2, 1, 500, 600)] },
    });
    expect(offPage.code).toBe(Code.INVALID_INPUT);

    const placed = await t.call<unknown[]>('POST', blocks, {
      token: custodian.token,
      body: {
        tags: [
          signatureTag('signer1@demo.test', 2, 1, 60, 600),
          {
            key: 'timeStamp',
            type: 'timeStamp',
            userEmail: 'signer1@demo.test',
            wfsOrderId: 2,
            pageNumber: 1,
            positionX: 240,
            positionY: 620,
            blockWidth: 160,
            blockHeight: 20,
          },
          signatureTag('submitter@demo.test', 2, 2, 60, 600),
          {
            key: 'signatureText',
            type: 'signatureText',
            userEmail: 'submitter@demo.test',
            wfsOrderId: 2,
            pageNumber: 2,
            positionX: 240,
            positionY: 620,
            blockWidth: 200,
            blockHeight: 20,
          },
        ],
      },
    });
    expect(placed.code).toBe(1);
    expect(placed.data).toHaveLength(4);

    const started = await t.call<{ status: string }>('POST', `/v2/epaks/${epakId}/start`, {
      token: custodian.token,
    });
    expect(started.data.status).toBe('InProgress');
  });

  it('the reviewer gets a link, reviews, and the two signers get theirs', async () => {
    const mail = await t.mail.next('signer2@demo.test', /review/i);
    expect(linkIn(mail)).toMatch(/\/sign\?easytoken=/);
    const reviewer = await t.signIn('signer2@demo.test');
    const signer1 = await t.signIn('signer1@demo.test');
    const early = await t.call('POST', `/v2/epaks/${epakId}/documents/${documentId}/sign`, {
      token: signer1.token,
      body: { signatureImage: SIGNATURE_PNG },
    });
    expect(early.code).toBe(Code.USER_STEP_NOT_PENDING);
    const view = await t.call<Detail>('GET', `/v2/epaks/${epakId}`, { token: reviewer.token });
    expect(view.data.can).toMatchObject({ review: true, sign: false });
    const reviewed = await t.call<{ actionDone: boolean }>(
      'PUT',
      `/v2/epak/${epakId}/document/${documentId}/reviewed`,
      { token: reviewer.token },
    );
    expect([reviewed.code, reviewed.message, reviewed.status]).toEqual([1, undefined, 200]);
    expect(reviewed.data.actionDone).toBe(true);
    await t.mail.next('signer1@demo.test', /sign/i);
    await t.mail.next('submitter@demo.test', /sign/i);
  });

  it('two parallel signers signing at the same moment both end up in the document; the ePak completes', async () => {
    const signer1 = await t.signIn('signer1@demo.test');
    const submitter = await t.signIn('submitter@demo.test');
    const wrongPin = await t.call('POST', `/v2/epaks/${epakId}/documents/${documentId}/sign`, {
      token: submitter.token,
      body: {},
    });
    expect(wrongPin.code).toBe(Code.INVALID_CERTIFICATE_PIN);
    const [a, b] = await Promise.all([
      t.call<{ actionDone: boolean; status: string }>(
        'POST',
        `/v2/epaks/${epakId}/documents/${documentId}/sign`,
        {
          token: signer1.token,
          body: { signatureImage: SIGNATURE_PNG },
        },
      ),
      t.call<{ actionDone: boolean; status: string }>(
        'POST',
        `/v2/epaks/${epakId}/documents/${documentId}/sign`,
        {
          token: submitter.token,
          body: { pin: '4711-secret' },
        },
      ),
    ]);
    expect([a.code, a.message, b.code]).toEqual([1, undefined, 1]);
    expect([a.data.status, b.data.status].sort()).toEqual(['Completed', 'InProgress']);
    const emailed = await t.mail.next('registrar@demo.test', /Documents/);
    // The EMAIL step sends the documents themselves, as signed at that moment.
    expect(emailed.attachments.map((a) => a.filename)).toEqual(['Master Services Agreement.pdf']);
    const attached = emailed.attachments[0]?.bytes ?? new Uint8Array();
    expect(new TextDecoder().decode(attached.slice(0, 5))).toBe('%PDF-');
    expect((await pdfsig(attached, nss.dir)).map((s) => s.valid)).toEqual([true, true]);
    // The completion certificate is the seal job's (run here by hand, as the test server has no queue).
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 1, failed: 0 });
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 0, failed: 0 });
    const done = await t.call<Detail>('GET', `/v2/epaks/${epakId}`, { token: custodian.token });
    expect(done.data).toMatchObject({ status: 'Completed', progressPercent: 100 });
    expect(done.data.documents.map((d) => d.name)).toEqual([
      'Master Services Agreement.pdf',
      'Completion certificate.pdf',
    ]);
    expect(done.data.steps.map((s) => s.recipients.map((r) => r.status))).toEqual([
      ['Reviewed'],
      ['Signed', 'Signed'],
      ['Emailed'],
    ]);
  });

  it('the downloaded zip holds PDFs whose signatures pdfsig finds valid and trusted, and qpdf finds sound', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${epakId}/download`,
      headers: { access_token: custodian.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'Completion certificate.pdf',
      'Master Services Agreement.pdf',
    ]);
    const contract = files['Master Services Agreement.pdf'] as Uint8Array;
    const sigs = await pdfsig(contract, nss.dir);
    expect(sigs).toHaveLength(2);
    expect(sigs.map((s) => [s.valid, s.trusted])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(sigs.at(-1)?.totalDocumentSigned).toBe(true);
    expect(qpdfCheck(contract)).toBeUndefined();
    const certificate = files['Completion certificate.pdf'] as Uint8Array;
    const sealed = await pdfsig(certificate, nss.dir);
    expect(sealed.map((s) => [s.valid, s.trusted, s.totalDocumentSigned])).toEqual([[true, true, true]]);
    expect(qpdfCheck(certificate)).toBeUndefined();
  });

  it('the activity chain verifies after the whole journey', async () => {
    const admin = await t.signIn('admin@demo.test');
    const v = await t.call<{ valid: boolean }>('GET', '/v2/activity/verify', { token: admin.token });
    expect(v.data.valid).toBe(true);
  });
});
