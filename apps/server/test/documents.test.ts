import { Code } from '@signet/contracts';
import { pdfFromObjects } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, samplePdf, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let custodian: Session;

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
});
afterAll(() => t.close());

interface Doc {
  documentId: string;
  name: string;
  pageCount: number;
}

/**
 * A one-page A4 PDF with an AcroForm: a text field `fullName` (value "Priya") and a choice field
 * `city`, written out by hand so the test knows exactly what the file holds.
 */
function formPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 5 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R 5 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (fullName) /V (Priya) /Rect [100 700 300 720] /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /FT /Ch /Ff 131072 /T (city) /Opt [(Pune) (Delhi)] /Rect [100 600 250 620] /P 3 0 R >>',
  ];
  return pdfFromObjects(objects);
}

describe('the document library', () => {
  it('renames a document, refusing characters a file name may not hold (-67)', async () => {
    const doc = await upload(t, custodian.token, 'Draft.pdf', samplePdf('Draft', 1));
    const url = `/v1/document/${doc.documentId}/rename`;
    for (const bad of ['a/b.pdf', 'what?.pdf', 'x:y.pdf', 'tab\tname.pdf']) {
      const refused = await t.call('PUT', url, { token: custodian.token, body: { name: bad } });
      expect([bad, refused.code]).toEqual([bad, Code.INVALID_FILE_NAME]);
    }
    const renamed = await t.call<Doc>('PUT', url, {
      token: custodian.token,
      body: { name: 'Final – v2.pdf' },
    });
    expect(renamed.data.name).toBe('Final – v2.pdf');
    const listed = await t.call<Doc[]>('GET', '/v1/documents', { token: custodian.token });
    expect(listed.data.find((d) => d.documentId === doc.documentId)?.name).toBe('Final – v2.pdf');
    const other = await t.signIn('submitter@demo.test');
    expect((await t.call('PUT', url, { token: other.token, body: { name: 'Mine.pdf' } })).code).toBe(
      Code.DOCUMENT_MISSING,
    );
  });

  it('merges documents in the given order into a new one', async () => {
    const one = await upload(t, custodian.token, 'One.pdf', samplePdf('One', 1));
    const two = await upload(t, custodian.token, 'Two.pdf', samplePdf('Two', 2));
    const merged = await t.call<Doc>('POST', '/v1/documents/merge', {
      token: custodian.token,
      body: { documentIds: [two.documentId, one.documentId], name: 'Bundle' },
    });
    expect(merged.code).toBe(1);
    expect(merged.data).toMatchObject({ name: 'Bundle.pdf', pageCount: 3 });
    expect([one.documentId, two.documentId]).not.toContain(merged.data.documentId);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v1/document/download?docId=${merged.data.documentId}`,
      headers: { access_token: custodian.token },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const badName = await t.call('POST', '/v1/documents/merge', {
      token: custodian.token,
      body: { documentIds: [one.documentId, two.documentId], name: 'a|b' },
    });
    expect(badName.code).toBe(Code.INVALID_FILE_NAME);
  });

  it('offers a PDF’s form fields as preconfigured tags', async () => {
    const doc = await upload(t, custodian.token, 'Form.pdf', formPdf());
    const res = await t.call<
      { fieldName: string; tagType: string; value: unknown; options: string[]; pageNumber: number }[]
    >('GET', `/v1/documents/${doc.documentId}/preconfiguredtags`, { token: custodian.token });
    expect(res.code).toBe(1);
    const byName = new Map(res.data.map((f) => [f.fieldName, f]));
    expect(byName.get('fullName')).toMatchObject({ tagType: 'text', value: 'Priya', pageNumber: 1 });
    expect(byName.get('city')).toMatchObject({ tagType: 'singleSelect', options: ['Pune', 'Delhi'] });
    const plain = await upload(t, custodian.token, 'Plain.pdf', samplePdf('Plain', 1));
    const none = await t.call<unknown[]>('GET', `/v1/documents/${plain.documentId}/preconfiguredtags`, {
      token: custodian.token,
    });
    expect(none.data).toEqual([]);
  });

  it('refuses to delete a document of a sent ePak (-82); a library document goes', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'In use',
      },
    );
    const inUse = await t.call('DELETE', '/v1/documents', {
      token: custodian.token,
      body: { documentIds: [e.documentId] },
    });
    expect(inUse.code).toBe(Code.DOCUMENT_IN_USE);
    const detail = await t.call<{ documents: { id: string }[] }>('GET', `/v2/epaks/${e.epakId}`, {
      token: custodian.token,
    });
    expect(detail.data.documents.map((d) => d.id)).toContain(e.documentId);
    const loose = await upload(t, custodian.token, 'Loose.pdf', samplePdf('Loose', 1));
    const gone = await t.call('DELETE', '/v1/documents', {
      token: custodian.token,
      body: { documentIds: [loose.documentId] },
    });
    expect(gone.code).toBe(1);
    const listed = await t.call<Doc[]>('GET', '/v1/documents', { token: custodian.token });
    expect(listed.data.map((d) => d.documentId)).not.toContain(loose.documentId);
  });
});
