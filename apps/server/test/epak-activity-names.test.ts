import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, samplePdf, signAll, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;
let signer2: Session;

interface Entry {
  action: string;
  actorEmail: string | null;
  actorName?: string;
  documentName?: string;
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer2 = await t.signIn('signer2@demo.test');
});
afterAll(() => t.close());

describe('an ePak’s activity names people and documents', () => {
  it('says who acted by name and which document a signature is on', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      {
        subject: 'Offer',
      },
    );
    await signAll(t, signer2.token, e.epakId, e.documentId);
    const res = await t.call<Entry[]>('GET', `/v2/epaks/${e.epakId}/activity`, { token: custodian.token });
    expect(res.code).toBe(1);
    const created = res.data.find((a) => a.action === 'epak.created');
    expect(created).toMatchObject({ actorEmail: 'custodian@demo.test', actorName: 'Carlos Custodian' });
    expect(created).not.toHaveProperty('documentName');
    const signed = res.data.find((a) => a.action === 'document.signed');
    expect(signed).toMatchObject({
      actorEmail: 'signer2@demo.test',
      actorName: 'Sara Signer',
      documentName: 'Offer.pdf',
    });
  });

  it('names an ePak composed without a subject after its document in words, not its file name', async () => {
    const doc = await upload(t, custodian.token, '022-pdfkit_pdfkit.pdf', samplePdf('Kit', 1));
    const created = await t.call<{ subject: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [doc.documentId],
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] }],
      },
    });
    expect(created.code).toBe(1);
    expect(created.data.subject).toBe('022 pdfkit pdfkit');
  });
});
