import { Code, type WebformMapping } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from './support/test-server.ts';
import {
  APPLICANT,
  APPLICANT_TARGETS,
  api,
  createMapping,
  mappingQuery,
  pick,
  post,
  setWebForms,
  startWebformServer,
} from './support/webforms.ts';

/** Web-form mappings: the setting, who manages them, what they refuse, the generated API and the ePaks their posts compose. */

let t: TestServer;
let admin: Session;
let custodian: Session;
let other: Session;
let documentTemplateId: string;
let workflowId: string;
let twoStepWorkflowId: string;

beforeAll(async () => {
  ({ t, admin, custodian, other, documentTemplateId, workflowId, twoStepWorkflowId } =
    await startWebformServer());
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
});
