import { Code } from '@signet/contracts';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samplePdf, signatureTag } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Workflow templates with roles and groups, their reminders and expiry, duplicates, compose from
 * templates filling the roles, and the import of an export into another tenant (issue 13).
 */

let t: TestServer;
let admin: Session;
let custodian: Session;
let submitter: Session;
let other: Session;
let groupId = '';

type Slot = { kind?: string; email?: string; role?: string; groupId?: string; groupName?: string };
interface Workflow {
  workflowId: string;
  name: string;
  ownerId: string;
  shared: boolean;
  reminderIntervalDays: number;
  reminderMax: number;
  expiryDays: number | null;
  steps: { type: string; minRequired: number | null; recipients: Slot[] }[];
}
interface Template {
  id: string;
  templateName: string;
  workflowTemplateId: string | null;
  documents: { documentId: string; name: string; pageCount: number }[];
  tags: { key: string; signerIndex?: number; wfsOrderId?: number }[];
}
interface Epak {
  ePakId: string;
  subject: string;
  expiresOn: string | null;
  reminderIntervalDays: number;
  reminderMax: number;
  documents: { id: string }[];
  steps: { type: string; recipients: { email: string }[] }[];
}

/** A tag for the recipient in slot `signerIndex` of step `wfsOrderId`. */
const slotTag = (wfsOrderId: number, signerIndex: number, x: number, y: number) => ({
  ...signatureTag('x@y.test', wfsOrderId, 1, x, y),
  userEmail: undefined,
  signerIndex,
});

async function uploadTemplate(s: Session, name: string) {
  const file = multipart([{ name: `${name}.pdf`, bytes: samplePdf(name, 1), type: 'application/pdf' }]);
  const res = await t.call<Template>('POST', '/v1/documenttemplate/upload', {
    token: s.token,
    query: { templateName: name },
    body: file.body,
    headers: { 'content-type': file.contentType },
  });
  expect(res.code).toBe(1);
  return res.data;
}

async function importZip(s: Session, bytes: Uint8Array) {
  const file = multipart([{ name: 'template.zip', bytes, type: 'application/zip' }]);
  return t.call<{ documentTemplate: Template; workflow: Workflow | null }>(
    'POST',
    '/v2/documenttemplate/import',
    { token: s.token, body: file.body, headers: { 'content-type': file.contentType } },
  );
}

async function libraryOf(s: Session) {
  return (await t.call<{ documentId: string }[]>('GET', '/v1/documents', { token: s.token })).data;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  submitter = await t.signIn('submitter@demo.test');
  other = await t.signIn('admin@other.test');
  const signer1 = await t.signIn('signer1@demo.test');
  const signer2 = await t.signIn('signer2@demo.test');
  const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
    token: admin.token,
    body: { groupName: 'Legal', users: [signer1.userId, signer2.userId] },
  });
  expect(group.code).toBe(1);
  groupId = group.data.groupId;
});
afterAll(() => t.close());

describe('workflow template recipients', () => {
  it('are people, groups of the tenant (kept with their name) or roles, and reminders and expiry default to 3, 5 and none', async () => {
    const made = await t.call<Workflow>('POST', '/v2/workflows', {
      token: custodian.token,
      body: {
        name: 'Hiring',
        steps: [
          { type: 'REVIEW', recipients: [{ kind: 'group', groupId }] },
          {
            type: 'SIGN',
            recipients: [{ kind: 'role', role: 'Candidate' }, { email: 'registrar@demo.test' }],
          },
        ],
      },
    });
    expect(made.code).toBe(1);
    expect(made.data.steps.map((s) => s.recipients)).toEqual([
      [{ kind: 'group', groupId, groupName: 'Legal' }],
      [
        { kind: 'role', role: 'Candidate' },
        { email: 'registrar@demo.test', firstName: '', middleName: '', lastName: '' },
      ],
    ]);
    expect([made.data.reminderIntervalDays, made.data.reminderMax, made.data.expiryDays]).toEqual([
      3,
      5,
      null,
    ]);
  });

  it('a group of no tenant, or a role or group named twice in one step, is refused (-6)', async () => {
    const cases = [
      [{ kind: 'group', groupId: '00000000-0000-4000-8000-000000000099' }],
      [
        { kind: 'role', role: 'Witness' },
        { kind: 'role', role: 'WITNESS' },
      ],
      [
        { kind: 'group', groupId },
        { kind: 'group', groupId },
      ],
    ];
    for (const recipients of cases) {
      const res = await t.call('POST', '/v2/workflows', {
        token: custodian.token,
        body: { name: `Bad ${Math.random()}`, steps: [{ type: 'SIGN', recipients }] },
      });
      expect(res.code).toBe(Code.INVALID_INPUT);
    }
  });

  it('reminders and expiry outside their ranges are refused (-6)', async () => {
    for (const extra of [{ reminderIntervalDays: 400 }, { reminderMax: 51 }, { expiryDays: 0 }]) {
      const res = await t.call('POST', '/v2/workflows', {
        token: custodian.token,
        body: { name: 'Out of range', steps: [{ type: 'SIGN' }], ...extra },
      });
      expect(res.code).toBe(Code.INVALID_INPUT);
    }
  });
});

describe('duplicating a workflow template', () => {
  it('makes a private copy of the caller’s, named with the next free number, from their own or a shared template', async () => {
    const source = await t.call<Workflow>('POST', '/v2/workflows', {
      token: custodian.token,
      body: { name: 'Lease', reminderIntervalDays: 2, expiryDays: 30, steps: [{ type: 'SIGN' }] },
    });
    const copy = await t.call<Workflow>('POST', `/v2/workflows/${source.data.workflowId}/duplicate`, {
      token: submitter.token,
    });
    expect(copy.code).toBe(1);
    expect(copy.data).toMatchObject({
      name: 'Lease (2)',
      shared: false,
      ownerId: submitter.userId,
      reminderIntervalDays: 2,
      expiryDays: 30,
    });
    expect(copy.data.workflowId).not.toBe(source.data.workflowId);
    const again = await t.call<Workflow>('POST', `/v2/workflows/${source.data.workflowId}/duplicate`, {
      token: custodian.token,
    });
    expect(again.data.name).toBe('Lease (3)');
    // The copy is the submitter's own: the custodian neither sees nor copies it.
    const hidden = await t.call('POST', `/v2/workflows/${copy.data.workflowId}/duplicate`, {
      token: custodian.token,
    });
    expect(hidden.status).toBe(404);
  });
});

describe('composing from templates', () => {
  let workflow: Workflow;
  let template: Template;

  beforeAll(async () => {
    workflow = (
      await t.call<Workflow>('POST', '/v2/workflows', {
        token: custodian.token,
        body: {
          name: 'Offer letter',
          reminderIntervalDays: 1,
          reminderMax: 2,
          expiryDays: 10,
          steps: [
            {
              type: 'SIGN',
              // The group comes first: its members must not push the role's tags to someone else.
              recipients: [
                { kind: 'group', groupId },
                { kind: 'role', role: 'Employee' },
              ],
            },
            { type: 'SIGN', recipients: [{ kind: 'role', role: 'Manager' }] },
          ],
        },
      })
    ).data;
    const uploaded = await uploadTemplate(custodian, 'Offer');
    const onGroup = await t.call('PUT', `/v1/documenttemplates/${uploaded.id}`, {
      token: custodian.token,
      body: { workflowTemplateId: workflow.workflowId, tags: [slotTag(1, 0, 40, 60)] },
    });
    expect(onGroup.code).toBe(Code.INVALID_INPUT);
    const tagged = await t.call<Template>('PUT', `/v1/documenttemplates/${uploaded.id}`, {
      token: custodian.token,
      body: {
        workflowTemplateId: workflow.workflowId,
        tags: [slotTag(1, 1, 40, 60), slotTag(2, 0, 300, 60)],
      },
    });
    expect(tagged.code).toBe(1);
    template = tagged.data;
  });

  it('a role left empty, or a role the workflow does not have, is refused (-6)', async () => {
    const missing = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: template.id,
        roleRecipients: [{ role: 'Employee', email: 'new.hire@example.test' }],
      },
    });
    expect([missing.code, missing.message]).toEqual([Code.INVALID_INPUT, 'Choose who is “Manager”']);
    const unknown = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: template.id,
        roleRecipients: [
          { role: 'Employee', email: 'new.hire@example.test' },
          { role: 'Manager', email: 'submitter@demo.test' },
          { role: 'Janitor', email: 'signer1@demo.test' },
        ],
      },
    });
    expect(unknown.code).toBe(Code.INVALID_INPUT);
  });

  it('fills roles with the people chosen, groups with their members, tags on the role’s person, and takes the workflow’s reminders and expiry', async () => {
    const created = await t.call<Epak>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: template.id,
        roleRecipients: [
          { role: 'employee', email: 'new.hire@example.test', firstName: 'Nina', lastName: 'Hire' },
          { role: 'Manager', email: 'submitter@demo.test' },
        ],
      },
    });
    expect(created.code).toBe(1);
    expect(created.data.steps.map((s) => s.recipients.map((r) => r.email))).toEqual([
      ['new.hire@example.test', 'signer1@demo.test', 'signer2@demo.test'],
      ['submitter@demo.test'],
    ]);
    expect([created.data.reminderIntervalDays, created.data.reminderMax]).toEqual([1, 2]);
    const days = (Date.parse(created.data.expiresOn ?? '') - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(10, 3);
    const tags = await t.call<{ userEmail: string; positionX: number }[]>(
      'GET',
      `/v2/epaks/${created.data.ePakId}/documents/${created.data.documents[0]?.id}/signatureblocks`,
      { token: custodian.token },
    );
    expect(tags.data.map((x) => [x.userEmail, x.positionX])).toEqual([
      ['new.hire@example.test', 40],
      ['submitter@demo.test', 300],
    ]);
  });

  it('reminders and expiry set at compose win over the workflow’s; null means no expiry', async () => {
    const created = await t.call<Epak>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: template.id,
        roleRecipients: [
          { role: 'Employee', email: 'new.hire@example.test' },
          { role: 'Manager', email: 'submitter@demo.test' },
        ],
        reminderIntervalDays: 7,
        reminderMax: 0,
        expiresOn: null,
      },
    });
    expect([created.data.reminderIntervalDays, created.data.reminderMax, created.data.expiresOn]).toEqual([
      7,
      0,
      null,
    ]);
  });
});

describe('importing a template export', () => {
  let exported: Uint8Array;
  let source: Template;

  beforeAll(async () => {
    const workflow = (
      await t.call<Workflow>('POST', '/v2/workflows', {
        token: custodian.token,
        body: {
          name: 'Supplier NDA',
          expiryDays: 14,
          steps: [
            {
              type: 'SIGN',
              recipients: [
                { kind: 'role', role: 'Supplier' },
                { kind: 'group', groupId },
              ],
            },
          ],
        },
      })
    ).data;
    const uploaded = await uploadTemplate(custodian, 'Supplier NDA');
    source = (
      await t.call<Template>('PUT', `/v1/documenttemplates/${uploaded.id}`, {
        token: custodian.token,
        body: { workflowTemplateId: workflow.workflowId, tags: [slotTag(1, 0, 50, 500)] },
      })
    ).data;
    const res = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/documenttemplate/${source.id}/workflowtemplate/${workflow.workflowId}/export`,
      headers: { access_token: custodian.token },
    });
    expect(res.statusCode).toBe(200);
    exported = new Uint8Array(res.rawPayload);
  });

  it('makes the template and its workflow in the other tenant, the other tenant’s groups becoming roles', async () => {
    const res = await importZip(other, exported);
    expect(res.code).toBe(1);
    const { documentTemplate, workflow } = res.data;
    expect(documentTemplate).toMatchObject({
      templateName: 'Supplier NDA',
      workflowTemplateId: workflow?.workflowId,
    });
    expect(documentTemplate.documents.map((d) => [d.name, d.pageCount])).toEqual([['Supplier NDA.pdf', 1]]);
    expect(documentTemplate.tags).toMatchObject([{ key: 'signature', wfsOrderId: 1, signerIndex: 0 }]);
    expect(workflow).toMatchObject({ name: 'Supplier NDA', expiryDays: 14, ownerId: other.userId });
    expect(workflow?.steps[0]?.recipients).toEqual([
      { kind: 'role', role: 'Supplier' },
      { kind: 'role', role: 'Legal' },
    ]);
    // Nothing of it is in the source tenant's lists, and its PDF is the exported one.
    const list = await t.call<{ docTemplateDTOList: { docTemplateDTO: Template[] } }>(
      'GET',
      '/v1/documenttemplates',
      { token: other.token, query: { type: 'Owner' } },
    );
    expect(list.data.docTemplateDTOList.docTemplateDTO.map((d) => d.id)).toEqual([documentTemplate.id]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v1/document/download?docId=${documentTemplate.documents[0]?.documentId}`,
      headers: { access_token: other.token },
    });
    const files = unzipSync(exported);
    expect(new Uint8Array(pdf.rawPayload)).toEqual(files['documents/1-Supplier NDA.pdf']);

    // It composes there like a template made there.
    const created = await t.call<Epak>('POST', '/v2/epak', {
      token: other.token,
      body: {
        documentTemplateId: documentTemplate.id,
        roleRecipients: [
          { role: 'Supplier', email: 'supplier@example.test' },
          { role: 'Legal', email: 'counsel@example.test' },
        ],
      },
    });
    expect(created.code).toBe(1);
    expect(created.data.steps[0]?.recipients.map((r) => r.email)).toEqual([
      'supplier@example.test',
      'counsel@example.test',
    ]);
  });

  it('a second import of the same export names its workflow with the next free number', async () => {
    const res = await importZip(other, exported);
    expect(res.data.workflow?.name).toBe('Supplier NDA (2)');
  });

  it('refuses what is not an export: not a zip, no template.json, another format, a PDF missing (-136); an empty file (-182); no file (-109)', async () => {
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(exported)['template.json']));
    const zip = (files: Record<string, Uint8Array>) => zipSync(files);
    const cases: [Uint8Array, number][] = [
      [strToU8('just text'), Code.UNPARSEABLE_DATA],
      [zip({ 'readme.txt': strToU8('hello') }), Code.UNPARSEABLE_DATA],
      [zip({ 'template.json': strToU8('{not json') }), Code.UNPARSEABLE_DATA],
      [
        zip({ 'template.json': strToU8(JSON.stringify({ ...manifest, format: 'other/1' })) }),
        Code.UNPARSEABLE_DATA,
      ],
      [zip({ 'template.json': strToU8(JSON.stringify(manifest)) }), Code.UNPARSEABLE_DATA],
      [new Uint8Array(0), Code.EMPTY_FILE],
    ];
    for (const [bytes, code] of cases) expect((await importZip(other, bytes)).code).toBe(code);
    const none = await t.call('POST', '/v2/documenttemplate/import', { token: other.token, body: {} });
    expect(none.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
  });

  it('a zip that would unpack beyond the limit is refused (413) before it is inflated', async () => {
    const bomb = zipSync({ 'template.json': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    const res = await importZip(other, bomb);
    expect([res.status, res.code]).toEqual([413, Code.INVALID_INPUT]);
  });

  it('tags that do not fit the PDFs are refused (-6) and leave no document behind', async () => {
    const files = unzipSync(exported);
    const manifest = JSON.parse(new TextDecoder().decode(files['template.json']));
    manifest.template.tags[0].positionX = 5000;
    const before = (await libraryOf(other)).length;
    const res = await importZip(
      other,
      zipSync({ ...files, 'template.json': strToU8(JSON.stringify({ ...manifest, workflow: null })) }),
    );
    expect(res.code).toBe(Code.INVALID_INPUT);
    expect((await libraryOf(other)).length).toBe(before);
  });
});
