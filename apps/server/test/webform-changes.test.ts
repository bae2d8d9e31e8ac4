import { Code, type WebformMapping } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';
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
  TEMPLATE_TAGS,
} from './support/webforms.ts';

/** Web-form mappings changed, sent on behalf of their admin, deleted, kept apart per tenant, and their posts rate limited. */

let t: TestServer;
let admin: Session;
let other: Session;
let documentTemplateId: string;
let workflowId: string;

beforeAll(async () => {
  ({ t, admin, other, documentTemplateId, workflowId } = await startWebformServer());
});
afterAll(() => t.close());

describe('web-form mappings', () => {
  beforeAll(async () => {
    expect((await setWebForms(admin.token, true)).code).toBe(1);
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
