import type { WebformApi, WebformMapping } from '@signet/contracts';
import { expect } from 'vitest';
import { samplePdf, upload } from './epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './test-server.ts';

// The web-form suites' template, workflows and calls (webforms.test.ts, webform-changes.test.ts).

let t: TestServer;
let admin: Session;
let custodian: Session;
let other: Session;
let documentTemplateId: string;
let workflowId: string;
let twoStepWorkflowId: string;

export const APPLICANT = 'applicant@outside.test';

/** The template's tags: two fields a form can fill, one the signer keeps, and the signature. */
export const TEMPLATE_TAGS = [
  {
    key: 'text',
    type: 'text',
    name: 'fullName',
    tagFor: 'custodian',
    pageNumber: 1,
    positionX: 60,
    positionY: 80,
    blockWidth: 200,
    blockHeight: 20,
  },
  {
    key: 'text',
    type: 'text',
    name: 'company',
    tagFor: 'all',
    wfsOrderId: 1,
    signerIndex: 0,
    pageNumber: 1,
    positionX: 60,
    positionY: 120,
    blockWidth: 200,
    blockHeight: 20,
  },
  {
    key: 'text',
    type: 'text',
    name: 'notes',
    tagFor: 'signer',
    wfsOrderId: 1,
    signerIndex: 0,
    pageNumber: 1,
    positionX: 60,
    positionY: 160,
    blockWidth: 200,
    blockHeight: 20,
  },
  {
    key: 'signature',
    type: 'signature',
    wfsOrderId: 1,
    signerIndex: 0,
    pageNumber: 1,
    positionX: 60,
    positionY: 300,
    blockWidth: 160,
    blockHeight: 50,
  },
];

export function mappingQuery(name: string, inputs: string, extra: Record<string, string> = {}) {
  return { name, documentId: documentTemplateId, workflowId, htmlInputFilenames: inputs, ...extra };
}

export const APPLICANT_TARGETS = {
  email: { kind: 'recipient', step: 1, index: 0, part: 'email' },
  first: { kind: 'recipient', step: 1, index: 0, part: 'firstName' },
  title: { kind: 'subject' },
};

export async function createMapping(name: string, inputs = 'fullName,email,first,company,title,extra') {
  const res = await t.call<WebformMapping>('POST', '/v2/webform', {
    token: admin.token,
    query: mappingQuery(name, inputs),
    body: { targets: APPLICANT_TARGETS },
  });
  expect(res.code, res.message).toBe(1);
  return res.data;
}

export async function api(mappingId: string, regenerate = false) {
  const res = await t.call<WebformApi>('GET', '/v2/generatewebformapi', {
    token: admin.token,
    query: { mappingId, regenerate: String(regenerate) },
  });
  expect(res.code, res.message).toBe(1);
  return res.data;
}

/** Posts a form the way a browser does: the path and key from the generated URL. */
export function post(
  generated: Pick<WebformApi, 'url'>,
  fields: Record<string, string> | string,
  json = false,
) {
  const url = new URL(generated.url);
  const path = url.pathname.replace(/^\/msbapi/, '');
  const query = Object.fromEntries(url.searchParams);
  if (json) return t.call<{ ePakId: string; status: string }>('POST', path, { query, body: fields });
  if (typeof fields === 'string')
    return t.call<{ ePakId: string; status: string }>('POST', path, {
      query,
      body: fields,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  return t.call<{ ePakId: string; status: string }>('POST', path, { query, form: fields });
}

export function setWebForms(token: string, on: boolean) {
  return t.call('PUT', '/v1/configuration', { token, body: { features: { webForm: on } } });
}

export function pick(name: keyof typeof APPLICANT_TARGETS) {
  return { [name]: APPLICANT_TARGETS[name] };
}

/** Starts this suite's server and signs its people in; the helpers above use them. */
export async function startWebformServer() {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  // The demo's other organisation, with its own admin.
  other = await t.signIn('admin@other.test');
  workflowId = (
    await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
      token: admin.token,
      body: { name: 'Application', steps: [{ type: 'SIGN', recipients: [] }] },
    })
  ).data.workflowId;
  twoStepWorkflowId = (
    await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
      token: admin.token,
      body: {
        name: 'Two steps',
        steps: [
          { type: 'SIGN', recipients: [] },
          { type: 'REVIEW', recipients: [] },
        ],
      },
    })
  ).data.workflowId;
  const doc = await upload(t, admin.token, 'Application.pdf', samplePdf('Application form', 1));
  const template = await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
    token: admin.token,
    body: {
      templateName: 'Application form',
      type: 'Shared',
      workflowTemplateId: workflowId,
      documentIds: [doc.documentId],
      tags: TEMPLATE_TAGS,
    },
  });
  expect(template.code, template.message).toBe(1);
  documentTemplateId = template.data.id;
  return { t, admin, custodian, other, documentTemplateId, workflowId, twoStepWorkflowId };
}
