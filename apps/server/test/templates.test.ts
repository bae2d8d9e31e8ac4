import { Code, Limits } from '@signet/contracts';
import { rgbaPng as png } from '@signet/pdf/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samplePdf, signAll, signatureTag, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let submitter: Session;
let signer1: Session;

interface Workflow {
  workflowId: string;
  name: string;
  ownerId: string;
  steps: { type: string; recipients: { email: string }[] }[];
}
interface Template {
  id: string;
  templateName: string;
  signingPolicy: string;
  workflowTemplateId: string | null;
  documents: { documentId: string; name: string; pageCount: number }[];
  tags: { key: string; signerIndex?: number; wfsOrderId?: number }[];
}
interface State {
  workflowStateId: string;
  name: string;
  action: string;
  workflowStateOrder: number;
  enabled: boolean;
}

const steps = [
  { type: 'REVIEW', recipients: [{ email: 'signer2@demo.test' }] },
  { type: 'SIGN', recipients: [] },
];

async function binary(s: Session, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/msbapi${url}`, headers: { access_token: s.token } });
  return { status: res.statusCode, headers: res.headers, bytes: new Uint8Array(res.rawPayload) };
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  submitter = await t.signIn('submitter@demo.test');
  signer1 = await t.signIn('signer1@demo.test');
});
afterAll(() => t.close());

describe('workflow templates', () => {
  it('are saved once per name (-63, ignoring case), shared or private, and changed only by their creator or an admin', async () => {
    const made = await t.call<Workflow>('POST', '/v2/workflows', {
      token: custodian.token,
      body: { name: 'Vendor onboarding', steps },
    });
    expect(made.code).toBe(1);
    const clash = await t.call('POST', '/v2/workflows', {
      token: submitter.token,
      body: { name: 'VENDOR ONBOARDING', steps },
    });
    expect(clash.code).toBe(Code.WORKFLOW_TEMPLATE_EXISTS);

    const own = await t.call<Workflow>('POST', '/v2/workflows', {
      token: custodian.token,
      body: { name: 'Private flow', shared: false, steps },
    });
    const seen = await t.call<Workflow[]>('GET', '/v2/workflows', { token: submitter.token });
    expect(seen.data.map((w) => w.name)).toContain('Vendor onboarding');
    expect(seen.data.map((w) => w.name)).not.toContain('Private flow');
    const hidden = await t.call('GET', `/v2/workflows/${own.data.workflowId}`, { token: submitter.token });
    expect(hidden.status).toBe(404);

    const id = made.data.workflowId;
    const byOther = await t.call('PUT', `/v2/workflows/${id}`, {
      token: submitter.token,
      body: { name: 'Taken over', steps },
    });
    expect(byOther.code).toBe(Code.NOT_AUTHORIZED);
    const byAdmin = await t.call<Workflow>('PUT', `/v2/workflows/${id}`, {
      token: admin.token,
      body: { name: 'Vendor onboarding v2', steps: [...steps, { type: 'EMAIL', recipients: [] }] },
    });
    expect(byAdmin.data.steps.map((s) => s.type)).toEqual(['REVIEW', 'SIGN', 'EMAIL']);
    expect((await t.call('GET', `/v2/workflows/${id}`, { token: custodian.token })).data).toMatchObject({
      name: 'Vendor onboarding v2',
    });

    expect(
      (await t.call('DELETE', `/v2/workflows/${own.data.workflowId}`, { token: custodian.token })).code,
    ).toBe(1);
    expect(
      (await t.call('GET', `/v2/workflows/${own.data.workflowId}`, { token: custodian.token })).status,
    ).toBe(404);
  });

  it('a step named twice in one step is refused', async () => {
    const res = await t.call('POST', '/v2/workflows', {
      token: custodian.token,
      body: {
        name: 'Twice',
        steps: [
          { type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }, { email: 'SIGNER1@demo.test' }] },
        ],
      },
    });
    expect(res.code).toBe(Code.INVALID_INPUT);
  });
});

describe('the step vocabulary', () => {
  it('starts with one name per step type; admins add, rename, disable and reorder, senders only read', async () => {
    const first = await t.call<State[]>('GET', '/v1/workflow/states', { token: custodian.token });
    expect(first.data.map((s) => [s.name, s.action, s.workflowStateOrder])).toEqual([
      ['Review', 'REVIEW', 1],
      ['Sign', 'SIGN', 2],
      ['Email', 'EMAIL', 3],
      ['In-person sign', 'INPERSONSIGN', 4],
    ]);
    const denied = await t.call('POST', '/v1/workflow/states', {
      token: custodian.token,
      body: { name: 'Approve', action: 'REVIEW' },
    });
    expect(denied.code).toBe(Code.NOT_AUTHORIZED);
    const added = await t.call<State[]>('POST', '/v1/workflow/states', {
      token: admin.token,
      body: { name: 'Approve', action: 'REVIEW' },
    });
    const approve = added.data.find((s) => s.name === 'Approve');
    expect(approve?.workflowStateOrder).toBe(5);
    const moved = await t.call<State[]>('PUT', `/v1/workflow/states/${approve?.workflowStateId}/1`, {
      token: admin.token,
    });
    expect(moved.data.map((s) => s.name)).toEqual(['Approve', 'Review', 'Sign', 'Email', 'In-person sign']);
    expect(moved.data.map((s) => s.workflowStateOrder)).toEqual([1, 2, 3, 4, 5]);
    const sign = moved.data.find((s) => s.action === 'SIGN');
    const lastSign = await t.call('PUT', '/v1/workflow/states', {
      token: admin.token,
      body: { workflowStateId: sign?.workflowStateId, enabled: false },
    });
    expect(lastSign.code).toBe(Code.INVALID_INPUT);
    const renamed = await t.call<State[]>('PUT', '/v1/workflow/states', {
      token: admin.token,
      body: { workflowStateId: approve?.workflowStateId, name: 'Approval', enabled: false },
    });
    expect(renamed.data[0]).toMatchObject({ name: 'Approval', enabled: false });
  });
});

describe('document templates', () => {
  let workflowId = '';
  let template: Template;

  it('are made from uploads, hold tags by recipient position, and are listed in the shape integrations read', async () => {
    workflowId = (
      await t.call<Workflow>('POST', '/v2/workflows', {
        token: custodian.token,
        body: { name: 'NDA flow', signingPolicy: 'ESIGNATURE', steps },
      })
    ).data.workflowId;
    const file = multipart([{ name: 'NDA.pdf', bytes: samplePdf('Mutual NDA', 2), type: 'application/pdf' }]);
    const uploaded = await t.call<Template>('POST', '/v1/documenttemplate/upload', {
      token: custodian.token,
      query: { templateName: 'Mutual NDA' },
      body: file.body,
      headers: { 'content-type': file.contentType },
    });
    expect(uploaded.code).toBe(1);
    expect(uploaded.data.documents.map((d) => [d.name, d.pageCount])).toEqual([['NDA.pdf', 2]]);

    const outside = await t.call('PUT', `/v1/documenttemplates/${uploaded.data.id}`, {
      token: custodian.token,
      body: { tags: [{ ...signatureTag('x@y.test', 1, 3, 40, 60), userEmail: undefined, signerIndex: 0 }] },
    });
    expect(outside.code).toBe(Code.INVALID_INPUT);
    const noStep = await t.call('PUT', `/v1/documenttemplates/${uploaded.data.id}`, {
      token: custodian.token,
      body: {
        workflowTemplateId: workflowId,
        tags: [{ ...signatureTag('x@y.test', 7, 1, 40, 60), userEmail: undefined, signerIndex: 0 }],
      },
    });
    expect(noStep.code).toBe(Code.INVALID_INPUT);

    const tagged = await t.call<Template>('PUT', `/v1/documenttemplates/${uploaded.data.id}`, {
      token: custodian.token,
      body: {
        workflowTemplateId: workflowId,
        signingPolicy: 'ESIGNATURE',
        tags: [
          { ...signatureTag('x@y.test', 2, 2, 60, 80), userEmail: undefined, signerIndex: 0 },
          { ...signatureTag('x@y.test', 2, 2, 300, 80), userEmail: undefined, signerIndex: 1 },
        ],
      },
    });
    expect(tagged.code).toBe(1);
    template = tagged.data;

    const listed = await t.call<{ docTemplateDTOList: { docTemplateDTO: Template[] } }>(
      'GET',
      '/v1/documenttemplates',
      { token: custodian.token, query: { type: 'Owner' } },
    );
    expect(
      listed.data.docTemplateDTOList.docTemplateDTO.map((x) => [x.id, x.templateName, x.signingPolicy]),
    ).toEqual([[template.id, 'Mutual NDA', 'ESIGNATURE']]);
    const others = await t.call<{ docTemplateDTOList: { docTemplateDTO: Template[] } }>(
      'GET',
      '/v1/documenttemplates',
      { token: submitter.token },
    );
    expect(others.data.docTemplateDTOList.docTemplateDTO).toEqual([]);
  });

  it('keep their documents out of the library: deleting one is refused (-82)', async () => {
    const doc = await upload(t, custodian.token, 'Annex.pdf', samplePdf('Annex', 1));
    const made = await t.call<Template>('POST', '/v1/documenttemplates', {
      token: custodian.token,
      body: { templateName: 'Annex', type: 'Shared', documentIds: [doc.documentId] },
    });
    expect(made.code).toBe(1);
    const library = await t.call<{ documentId: string }[]>('GET', '/v1/documents', {
      token: custodian.token,
    });
    expect(library.data.map((d) => d.documentId)).not.toContain(doc.documentId);
    const removed = await t.call('DELETE', '/v1/documents', {
      token: custodian.token,
      body: { documentIds: [doc.documentId] },
    });
    expect(removed.code).toBe(Code.DOCUMENT_IN_USE);
    const shared = await t.call<{ docTemplateDTOList: { docTemplateDTO: Template[] } }>(
      'GET',
      '/v1/documenttemplates',
      { token: submitter.token, query: { type: 'Shared' } },
    );
    expect(shared.data.docTemplateDTOList.docTemplateDTO.map((x) => x.templateName)).toEqual(['Annex']);
    const foreign = await t.call('DELETE', '/v1/documenttemplates', {
      token: submitter.token,
      body: { docTemplateIds: [made.data.id] },
    });
    expect(foreign.code).toBe(Code.NOT_AUTHORIZED);
    expect(
      (
        await t.call('DELETE', '/v1/documenttemplates', {
          token: custodian.token,
          body: { docTemplateIds: [made.data.id] },
        })
      ).code,
    ).toBe(1);
    expect(
      (await t.call('GET', `/v1/documenttemplates/${made.data.id}`, { token: custodian.token })).status,
    ).toBe(404);
  });

  it('start an ePak: the template’s documents, workflow and tags land on the recipients chosen at compose', async () => {
    const tooFew = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentTemplateId: template.id },
    });
    expect(tooFew.code).toBe(Code.INVALID_INPUT);

    const created = await t.call<{
      ePakId: string;
      subject: string;
      workflowName: string;
      documents: { id: string; name: string }[];
      steps: { type: string; recipients: { email: string }[] }[];
    }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: template.id,
        steps: [
          { type: 'REVIEW', recipients: [{ email: 'signer2@demo.test' }] },
          { type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }, { email: 'registrar@demo.test' }] },
        ],
      },
    });
    expect(created.code).toBe(1);
    expect(created.data.subject).toBe('Mutual NDA');
    const byWorkflow = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Draft', searchKey: 'workflowName', searchVal: 'NDA flow' },
    });
    expect(byWorkflow.data.map((e) => e.ePakId)).toEqual([created.data.ePakId]);
    const [doc] = created.data.documents;
    expect(doc?.name).toBe('NDA.pdf');
    const tags = await t.call<{ userEmail: string; pageNumber: number; positionX: number }[]>(
      'GET',
      `/v2/epaks/${created.data.ePakId}/documents/${doc?.id}/signatureblocks`,
      { token: custodian.token },
    );
    expect(tags.data.map((x) => [x.userEmail, x.pageNumber, x.positionX])).toEqual([
      ['signer1@demo.test', 2, 60],
      ['registrar@demo.test', 2, 300],
    ]);
    // The copy is the ePak's own: signing it leaves the template's PDF as it was.
    const before = await binary(
      custodian,
      `/v1/document/download?docId=${template.documents[0]?.documentId}`,
    );
    expect(
      (await t.call('POST', `/v2/epaks/${created.data.ePakId}/start`, { token: custodian.token })).code,
    ).toBe(1);
    const review = await t.call('PUT', `/v2/epak/${created.data.ePakId}/document/${doc?.id}/reviewed`, {
      token: (await t.signIn('signer2@demo.test')).token,
    });
    expect(review.code).toBe(1);
    const signed = await signAll(t, signer1.token, created.data.ePakId, doc?.id ?? '');
    expect(signed.code).toBe(1);
    const after = await binary(custodian, `/v1/document/download?docId=${template.documents[0]?.documentId}`);
    expect(after.bytes).toEqual(before.bytes);
  });

  it('a workflow template alone fills the steps of a new ePak', async () => {
    const doc = await upload(t, custodian.token, 'Plain.pdf', samplePdf('Plain', 1));
    const created = await t.call<{ signingPolicy: string; steps: { type: string }[] }>('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentIds: [doc.documentId], workflowTemplateId: workflowId },
    });
    expect(created.code).toBe(1);
    expect(created.data.steps.map((s) => s.type)).toEqual(['REVIEW', 'SIGN']);
  });

  it('export as a zip with template.json and the PDFs', async () => {
    const res = await binary(
      custodian,
      `/v2/documenttemplate/${template.id}/workflowtemplate/${workflowId}/export`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual(['documents/1-NDA.pdf', 'template.json']);
    const manifest = JSON.parse(new TextDecoder().decode(files['template.json']));
    expect(manifest.format).toBe('signet-template/1');
    expect(manifest.template.tags).toHaveLength(2);
    expect(manifest.workflow.name).toBe('NDA flow');
    const pdf = await binary(custodian, `/v1/document/download?docId=${template.documents[0]?.documentId}`);
    expect(files['documents/1-NDA.pdf']).toEqual(pdf.bytes);
    const alone = await binary(custodian, `/v2/documenttemplate/${template.id}/workflowtemplate/none/export`);
    expect(JSON.parse(new TextDecoder().decode(unzipSync(alone.bytes)['template.json'])).workflow).toBeNull();
  });
});

describe('letterheads', () => {
  const image = png(200, 60, (x) => [x, 80, 160, 255]);

  async function sendImage(s: Session, name: string, bytes: Uint8Array) {
    const file = multipart([{ name, bytes }]);
    return t.call<{ letterHeadDocId: string; mimeType: string }>('POST', '/v1/letterheadtemplate', {
      token: s.token,
      body: file.body,
      headers: { 'content-type': file.contentType },
    });
  }

  it('take one png or jpg up to 500 KB, recognised by content', async () => {
    const gif = await sendImage(custodian, 'logo.png', new TextEncoder().encode('GIF89a not really a png'));
    expect([gif.code, gif.message]).toEqual([Code.INVALID_INPUT, 'Please select image in jpg/png/jpeg']);
    const big = new Uint8Array(Limits.LETTERHEAD_MAX_BYTES + 1);
    big.set(image);
    const tooBig = await sendImage(custodian, 'huge.png', big);
    expect([tooBig.status, tooBig.message]).toEqual([413, 'maxSizeExceeded']);
    expect(tooBig.data).toMatchObject({ maxUploadSize: 500 });

    const ok = await sendImage(custodian, 'logo.png', image);
    expect(ok.data.mimeType).toBe('image/png');
    const listed = await t.call<{ letterHeadDocId: string }[]>('GET', '/v1/letterheadtemplate', {
      token: submitter.token,
    });
    expect(listed.data.map((l) => l.letterHeadDocId)).toEqual([ok.data.letterHeadDocId]);
    const got = await binary(submitter, `/v1/letterheadtemplate/${ok.data.letterHeadDocId}`);
    expect(got.bytes).toEqual(new Uint8Array(image));

    const foreign = await t.call('DELETE', `/v1/letterheadtemplate/${ok.data.letterHeadDocId}`, {
      token: submitter.token,
    });
    expect(foreign.code).toBe(Code.NOT_AUTHORIZED);
    const own = await t.call('DELETE', `/v1/letterheadtemplate/${ok.data.letterHeadDocId}`, {
      token: custodian.token,
    });
    expect(own.code).toBe(1);
    expect((await binary(custodian, `/v1/letterheadtemplate/${ok.data.letterHeadDocId}`)).status).toBe(404);
  });
});
