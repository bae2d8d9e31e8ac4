import { Code, type WebformApi, type WebformMapping } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let other: Session;
let documentTemplateId = '';
let workflowId = '';
let twoStepWorkflowId = '';

const APPLICANT = 'applicant@outside.test';

/** The template's tags: two fields a form can fill, one the signer keeps, and the signature. */
const TEMPLATE_TAGS = [
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

function mappingQuery(name: string, inputs: string, extra: Record<string, string> = {}) {
  return { name, documentId: documentTemplateId, workflowId, htmlInputFilenames: inputs, ...extra };
}

const APPLICANT_TARGETS = {
  email: { kind: 'recipient', step: 1, index: 0, part: 'email' },
  first: { kind: 'recipient', step: 1, index: 0, part: 'firstName' },
  title: { kind: 'subject' },
};

async function createMapping(name: string, inputs = 'fullName,email,first,company,title,extra') {
  const res = await t.call<WebformMapping>('POST', '/v2/webform', {
    token: admin.token,
    query: mappingQuery(name, inputs),
    body: { targets: APPLICANT_TARGETS },
  });
  expect(res.code, res.message).toBe(1);
  return res.data;
}

async function api(mappingId: string, regenerate = false) {
  const res = await t.call<WebformApi>('GET', '/v2/generatewebformapi', {
    token: admin.token,
    query: { mappingId, regenerate: String(regenerate) },
  });
  expect(res.code, res.message).toBe(1);
  return res.data;
}

/** Posts a form the way a browser does: the path and key from the generated URL. */
function post(generated: Pick<WebformApi, 'url'>, fields: Record<string, string> | string, json = false) {
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

function setWebForms(token: string, on: boolean) {
  return t.call('PUT', '/v1/configuration', { token, body: { features: { webForm: on } } });
}

beforeAll(async () => {
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
});
afterAll(() => t.close());

describe('web-form mappings', () => {
  it("answers -1 (409) on every web-form call while the tenant's web-form setting is off", async () => {
    const list = await t.call('GET', '/v2/webform', { token: admin.token });
    expect([list.status, list.code]).toEqual([409, Code.GENERIC_ERROR]);
    expect(list.data).toEqual({ feature: 'webForm' });
    const create = await t.call('POST', '/v2/webform', {
      token: admin.token,
      query: mappingQuery('Off', 'email'),
      body: { targets: { email: APPLICANT_TARGETS.email } },
    });
    expect([create.status, create.code]).toEqual([409, Code.GENERIC_ERROR]);
  });

  it('are managed by admins only (-11 for a custodian)', async () => {
    expect((await setWebForms(admin.token, true)).code).toBe(1);
    const res = await t.call('GET', '/v2/webform', { token: custodian.token });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });

  it("are created from the spec's query parameters; an input named like a template field fills it", async () => {
    const m = await createMapping('Applications');
    expect(m).toMatchObject({
      name: 'Applications',
      documentId: documentTemplateId,
      documentName: 'Application form',
      workflowId,
      workflowName: 'Application',
      htmlInputFilenames: ['fullName', 'email', 'first', 'company', 'title', 'extra'],
      senderEmail: 'admin@demo.test',
      epakCount: 0,
    });
    expect(m.targets).toEqual({
      ...APPLICANT_TARGETS,
      fullName: { kind: 'field', field: 'fullName' },
      company: { kind: 'field', field: 'company' },
    });
    const listed = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', {
      token: admin.token,
      query: { documentId: documentTemplateId },
    });
    expect(listed.data.mappings.map((x) => x.name)).toContain('Applications');
    const byName = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', {
      token: admin.token,
      query: { name: 'applications' },
    });
    expect(byName.data.mappings.map((x) => x.mappingId)).toEqual([m.mappingId]);
  });

  it('refuse a name another mapping has, ignoring case (-22)', async () => {
    const res = await t.call('POST', '/v2/webform', {
      token: admin.token,
      query: mappingQuery('APPLICATIONS', 'email'),
      body: { targets: { email: APPLICANT_TARGETS.email } },
    });
    expect(res.code).toBe(Code.DATA_INTEGRITY);
  });

  it('refuse a workflow recipient left without an email input, naming the step (-6)', async () => {
    const none = await t.call('POST', '/v2/webform', {
      token: admin.token,
      query: mappingQuery('No email', 'fullName'),
    });
    expect(none.code).toBe(Code.INVALID_INPUT);
    expect(none.message).toMatch(/Step 1/);
    const second = await t.call('POST', '/v2/webform', {
      token: admin.token,
      query: mappingQuery('Second step', 'email', { workflowId: twoStepWorkflowId }),
      body: { targets: { email: APPLICANT_TARGETS.email } },
    });
    expect(second.code).toBe(Code.INVALID_INPUT);
    expect(second.message).toMatch(/Step 2/);
  });

  it("refuse a signer's own tag, an unlisted input, a step or place the workflow lacks, and two inputs for one thing (-6)", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['email,notes', { ...pick('email'), notes: { kind: 'field', field: 'notes' } }],
      ['email', { ...pick('email'), ghost: { kind: 'subject' } }],
      ['email,x', { ...pick('email'), x: { kind: 'recipient', step: 3, index: 0, part: 'email' } }],
      ['email,x', { ...pick('email'), x: { kind: 'recipient', step: 1, index: 1, part: 'email' } }],
      ['email,x', { ...pick('email'), x: APPLICANT_TARGETS.email }],
      ['email,email', pick('email')],
    ];
    for (const [inputs, targets] of cases) {
      const res = await t.call('POST', '/v2/webform', {
        token: admin.token,
        query: mappingQuery('Bad', inputs),
        body: { targets },
      });
      expect([inputs, res.code]).toEqual([inputs, Code.INVALID_INPUT]);
    }
    const badName = await t.call('POST', '/v2/webform', {
      token: admin.token,
      query: mappingQuery('Bad', 'e mail'),
    });
    expect(badName.code).toBe(Code.INVALID_INPUT);
  });

  it('generate the API: the URL with its key, the inputs, an HTML form and a JSON example', async () => {
    const m = await createMapping('Generated');
    const g = await api(m.mappingId);
    expect(g.endpoint).toBe(`http://signet.test/msbapi/public/webform/${admin.tenantId}/${m.mappingId}`);
    expect(g.url).toBe(`${g.endpoint}?key=${encodeURIComponent(g.key)}`);
    expect(g.key).toMatch(/^wfk_[A-Za-z0-9_-]{43}$/);
    expect(g.inputs.find((i) => i.name === 'email')).toEqual({
      name: 'email',
      required: true,
      fills: APPLICANT_TARGETS.email,
    });
    expect(g.inputs.find((i) => i.name === 'extra')).toEqual({ name: 'extra', required: false });
    expect(g.htmlSnippet).toContain(`<form action="${g.url}" method="post">`);
    expect(g.htmlSnippet).toContain('<input type="email" name="email" required>');
    expect(Object.keys(g.jsonExample)).toEqual(m.htmlInputFilenames);
    // Asked again, the same key (it is kept sealed, not only as a digest).
    expect((await api(m.mappingId)).key).toBe(g.key);
  });

  it('compose and start an ePak from a form post: the fields hold the posted values and the first recipient gets the signing mail', async () => {
    const m = await createMapping('Post me');
    const g = await api(m.mappingId);
    const res = await post(g, {
      fullName: 'Asha Rao',
      email: APPLICANT,
      first: 'Asha',
      company: 'Rao & Sons',
      title: 'Application of Asha Rao',
      extra: 'ignored',
      submit: 'Send',
    });
    expect(res.code, res.message).toBe(1);
    expect(res.data.status).toBe('InProgress');
    const epak = await t.call<{
      subject: string;
      status: string;
      documents: { id: string }[];
      steps: { recipients: { email: string; firstName: string }[] }[];
    }>('GET', `/v2/epaks/${res.data.ePakId}`, { token: admin.token });
    expect(epak.data).toMatchObject({ subject: 'Application of Asha Rao', status: 'InProgress' });
    expect(epak.data.steps[0]?.recipients.map((r) => [r.email, r.firstName])).toEqual([[APPLICANT, 'Asha']]);
    const documentId = epak.data.documents[0]?.id ?? '';
    const tags = await t.call<{ name: string; value: string | null; userEmail?: string }[]>(
      'GET',
      `/v2/epaks/${res.data.ePakId}/documents/${documentId}/signatureblocks`,
      { token: admin.token },
    );
    const tagValue = (name: string) => tags.data.find((x) => x.name === name)?.value ?? null;
    expect([tagValue('fullName'), tagValue('company'), tagValue('notes')]).toEqual([
      'Asha Rao',
      'Rao & Sons',
      null,
    ]);
    expect(tags.data.find((x) => x.name === 'company')?.userEmail).toBe(APPLICANT);
    const mail = await t.mail.next(APPLICANT, /sign/i);
    expect(mail.text).toContain('http://signet.test/sign?easytoken=');
    const listed = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', {
      token: admin.token,
      query: { name: 'Post me' },
    });
    expect(listed.data.mappings[0]?.epakCount).toBe(1);
  });

  it('take JSON posts alike; repeated names keep every value', async () => {
    const m = await createMapping('JSON post');
    const g = await api(m.mappingId);
    const res = await post(g, { email: 'json.applicant@outside.test', fullName: 'Jo' }, true);
    expect(res.code, res.message).toBe(1);
    const repeated = await post(g, 'email=repeat%40outside.test&fullName=Ann&fullName=Lee&company=');
    expect(repeated.code, repeated.message).toBe(1);
    const epak = await t.call<{ subject: string; documents: { id: string }[] }>(
      'GET',
      `/v2/epaks/${repeated.data.ePakId}`,
      { token: admin.token },
    );
    // No subject input: the template's name.
    expect(epak.data.subject).toBe('Application form');
    const tags = await t.call<{ name: string; value: string | null }[]>(
      'GET',
      `/v2/epaks/${repeated.data.ePakId}/documents/${epak.data.documents[0]?.id}/signatureblocks`,
      { token: admin.token },
    );
    expect(tags.data.find((x) => x.name === 'fullName')?.value).toBe('Ann, Lee');
    expect(tags.data.find((x) => x.name === 'company')?.value ?? null).toBeNull();
  });

  it('refuse a post without the recipient email, with a bad one, or with a NUL byte (-6), composing nothing', async () => {
    const m = await createMapping('Strict');
    const g = await api(m.mappingId);
    const missing = await post(g, { fullName: 'No mail' });
    expect([missing.code, missing.data]).toEqual([Code.INVALID_INPUT, { input: 'email' }]);
    const bad = await post(g, { email: 'not-an-address' });
    expect([bad.code, bad.data]).toEqual([Code.INVALID_INPUT, { input: 'email' }]);
    const nul = await post(g, { email: APPLICANT, fullName: 'A\u0000B' });
    expect(nul.code).toBe(Code.INVALID_INPUT);
    const listed = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', {
      token: admin.token,
      query: { name: 'Strict' },
    });
    expect(listed.data.mappings[0]?.epakCount).toBe(0);
  });

  it('answer -45 to a wrong or missing key, another tenant in the URL, or an unknown mapping', async () => {
    const m = await createMapping('Keyed');
    const g = await api(m.mappingId);
    const fields = { email: APPLICANT };
    const wrong = await post({ url: g.url.replace(/key=.*/, 'key=wfk_wrong') }, fields);
    expect(wrong.code).toBe(Code.INVALID_TOKEN);
    const none = await post({ url: g.endpoint }, fields);
    expect(none.code).toBe(Code.INVALID_TOKEN);
    const otherTenant = await post(
      { url: g.url.replace(admin.tenantId ?? '', other.tenantId ?? '') },
      fields,
    );
    expect(otherTenant.code).toBe(Code.INVALID_TOKEN);
    const unknown = await post({ url: g.url.replace(m.mappingId, crypto.randomUUID()) }, fields);
    expect(unknown.code).toBe(Code.INVALID_TOKEN);
  });

  it('replace the key on regenerate: the old one stops working, the new one works', async () => {
    const m = await createMapping('Rotated');
    const before = await api(m.mappingId);
    const after = await api(m.mappingId, true);
    expect(after.key).not.toBe(before.key);
    expect((await post(before, { email: APPLICANT })).code).toBe(Code.INVALID_TOKEN);
    expect((await post(after, { email: APPLICANT })).code).toBe(1);
  });

  it('change with PUT: the parameters given change, kept targets stay for inputs still listed', async () => {
    const m = await createMapping('To change');
    const res = await t.call<WebformMapping>('PUT', '/v2/webform', {
      token: admin.token,
      query: { mappingId: m.mappingId, name: 'Changed', htmlInputFilenames: 'email,first' },
    });
    expect(res.code, res.message).toBe(1);
    expect(res.data).toMatchObject({ name: 'Changed', htmlInputFilenames: ['email', 'first'] });
    expect(res.data.targets).toEqual({ email: APPLICANT_TARGETS.email, first: APPLICANT_TARGETS.first });
    const missing = await t.call('PUT', '/v2/webform', {
      token: admin.token,
      query: { mappingId: crypto.randomUUID(), name: 'Nobody' },
    });
    expect([missing.status, missing.code]).toEqual([404, Code.GENERIC_ERROR]);
  });

  it('leave no draft behind when the ePak cannot start: a template without the signer’s signature tag answers -62', async () => {
    const doc = await upload(t, admin.token, 'Unsigned.pdf', samplePdf('Unsigned form', 1));
    const unsigned = await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
      token: admin.token,
      body: {
        templateName: 'Unsigned form',
        type: 'Shared',
        workflowTemplateId: workflowId,
        documentIds: [doc.documentId],
        tags: [TEMPLATE_TAGS[0]],
      },
    });
    expect(unsigned.code, unsigned.message).toBe(1);
    const m = await t.call<WebformMapping>('POST', '/v2/webform', {
      token: admin.token,
      query: { name: 'Unsigned', documentId: unsigned.data.id, htmlInputFilenames: 'email' },
      body: { targets: pick('email') },
    });
    expect(m.code, m.message).toBe(1);
    const res = await post(await api(m.data.mappingId), { email: APPLICANT });
    expect(res.code).toBe(Code.SIGNATURE_TAG_NOT_FOUND);
    const drafts = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: admin.token,
      query: { folder: 'Draft' },
    });
    expect(drafts.data.map((x) => x.subject)).not.toContain('Unsigned form');
    const listed = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', {
      token: admin.token,
      query: { name: 'Unsigned' },
    });
    expect(listed.data.mappings[0]?.epakCount).toBe(0);
  });

  it('are sent as the admin who last saved them; once that person may no longer send, posts answer -11', async () => {
    const submitterId = (
      await t.call<{ id: string }>('GET', '/v1/user', {
        token: admin.token,
        query: { email: 'submitter@demo.test' },
      })
    ).data.id;
    const setRole = (role: string) =>
      t.call('PUT', '/v2/users/roles', {
        token: admin.token,
        body: { users: [{ userId: submitterId, role }] },
      });
    expect((await setRole('admin')).code).toBe(1);
    const second = await t.signIn('submitter@demo.test');
    const m = await t.call<WebformMapping>('POST', '/v2/webform', {
      token: second.token,
      query: mappingQuery('Second admin', 'email'),
      body: { targets: pick('email') },
    });
    expect(m.code, m.message).toBe(1);
    expect(m.data.senderEmail).toBe('submitter@demo.test');
    const g = await api(m.data.mappingId);
    expect((await setRole('signer')).code).toBe(1);
    const refused = await post(g, { email: APPLICANT });
    expect(refused.code).toBe(Code.NOT_AUTHORIZED);
    // Saved again by an admin who may send, the form works again, sent as them.
    const saved = await t.call<WebformMapping>('PUT', '/v2/webform', {
      token: admin.token,
      query: { mappingId: m.data.mappingId },
    });
    expect(saved.data.senderEmail).toBe('admin@demo.test');
    expect((await post(g, { email: APPLICANT })).code).toBe(1);
    expect((await setRole('submitter')).code).toBe(1);
  });

  it('refuse deleting a mapping that has composed ePaks (-183) and delete one that has none', async () => {
    const used = await createMapping('Used');
    expect((await post(await api(used.mappingId), { email: APPLICANT })).code).toBe(1);
    const refused = await t.call('DELETE', `/v2/webform/${used.mappingId}`, { token: admin.token });
    expect([refused.status, refused.code, refused.data]).toEqual([
      409,
      Code.WEBFORM_MAPPING_LINKED,
      { epakCount: 1 },
    ]);
    const unused = await createMapping('Unused');
    const deleted = await t.call('DELETE', `/v2/webform/${unused.mappingId}`, { token: admin.token });
    expect(deleted.code).toBe(1);
    const listed = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', { token: admin.token });
    expect(listed.data.mappings.map((x) => x.name)).not.toContain('Unused');
  });

  it('keep the templates a mapping uses: deleting them answers -183', async () => {
    const template = await t.call('DELETE', '/v1/documenttemplates', {
      token: admin.token,
      body: { docTemplateIds: [documentTemplateId] },
    });
    expect(template.code).toBe(Code.WEBFORM_MAPPING_LINKED);
    const workflow = await t.call('DELETE', `/v2/workflows/${workflowId}`, { token: admin.token });
    expect(workflow.code).toBe(Code.WEBFORM_MAPPING_LINKED);
  });

  it("are invisible to another tenant's admin (404), even with its own web forms on", async () => {
    const m = await createMapping('Private');
    expect((await setWebForms(other.token, true)).code).toBe(1);
    const asOther = { token: other.token };
    const generated = await t.call('GET', '/v2/generatewebformapi', {
      ...asOther,
      query: { mappingId: m.mappingId },
    });
    const changed = await t.call('PUT', '/v2/webform', {
      ...asOther,
      query: { mappingId: m.mappingId, name: 'Stolen' },
    });
    const deleted = await t.call('DELETE', `/v2/webform/${m.mappingId}`, asOther);
    expect([generated.status, changed.status, deleted.status]).toEqual([404, 404, 404]);
    const list = await t.call<{ mappings: WebformMapping[] }>('GET', '/v2/webform', asOther);
    expect(list.data.mappings).toEqual([]);
  });

  it('refuse form posts once the tenant turns web forms off (-1, 409)', async () => {
    const m = await createMapping('Switched off');
    const g = await api(m.mappingId);
    expect((await setWebForms(admin.token, false)).code).toBe(1);
    const res = await post(g, { email: APPLICANT });
    expect([res.status, res.code]).toEqual([409, Code.GENERIC_ERROR]);
    expect((await setWebForms(admin.token, true)).code).toBe(1);
  });
});

describe('web-form posts', () => {
  it('are rate limited per address (429 with Retry-After)', async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: '2' });
    try {
      const url = `/public/webform/${crypto.randomUUID()}/${crypto.randomUUID()}`;
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await limited.call('POST', url, { form: { a: 'b' } }));
      expect(answers.map((r) => r.status)).toEqual([401, 401, 429]);
      expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

function pick(name: keyof typeof APPLICANT_TARGETS) {
  return { [name]: APPLICANT_TARGETS[name] };
}
