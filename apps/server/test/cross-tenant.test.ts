import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/http/routes/index.ts';
import { accountAndEpakAttempts } from './support/cross-tenant-attempts.ts';
import { A, type Attempt, aFile, PNG, people } from './support/cross-tenant-ids.ts';
import { moreAttempts } from './support/cross-tenant-more-attempts.ts';
import { multipart, samplePdf, upload } from './support/epak-helpers.ts';
import { DEMO_PASSWORD, type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Tenant B's admin tries every route that takes an id with tenant A's ids (and the id-carrying
 * bodies), and tenant A's data is checked to be unchanged afterwards.
 */

let t: TestServer;
let a: Session;
let b: Session;

const attempts: Attempt[] = [...accountAndEpakAttempts, ...moreAttempts];

beforeAll(async () => {
  t = await startTestServer();
  a = await t.signIn('admin@demo.test');
  b = await t.signIn('admin@other.test');
  Object.assign(people, { a, b });
  const signer = await t.signIn('signer1@demo.test');
  A.userId = signer.userId;
  await t.call('POST', '/v1/users/profile', {
    token: signer.token,
    body: { userImage: PNG, userImageType: 'image/png' },
  });
  A.photo = PNG;
  A.groupId = (
    await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: a.token,
      body: { groupName: 'Secret', users: [A.userId] },
    })
  ).data.groupId;
  A.documentId = (await upload(t, a.token, 'Secret.pdf', samplePdf('Secret', 1))).documentId;
  A.libraryDocumentId = (await upload(t, a.token, 'Library.pdf', samplePdf('Library', 1))).documentId;
  A.epakId = (
    await t.call<{ ePakId: string }>('POST', '/v2/epak', {
      token: a.token,
      body: {
        documentIds: [A.documentId],
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    })
  ).data.ePakId;
  const detail = await t.call<{ steps: { id: string; recipients: { id: string }[] }[] }>(
    'GET',
    `/v2/epaks/${A.epakId}`,
    { token: a.token },
  );
  A.stateId = detail.data.steps[0]?.id ?? '';
  A.recipientId = detail.data.steps[0]?.recipients[0]?.id ?? '';
  expect(A.recipientId).not.toBe('');
  A.workflowId = (
    await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
      token: a.token,
      body: { name: 'Secret flow', steps: [{ type: 'SIGN', recipients: [] }] },
    })
  ).data.workflowId;
  A.workflowStateId =
    (await t.call<{ workflowStateId: string }[]>('GET', '/v1/workflow/states', { token: a.token })).data[0]
      ?.workflowStateId ?? '';
  const templateDoc = await upload(t, a.token, 'Template.pdf', samplePdf('Template', 1));
  A.docTemplateId = (
    await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
      token: a.token,
      body: { templateName: 'Secret template', documentIds: [templateDoc.documentId] },
    })
  ).data.id;
  A.oauthClientId = (
    await t.call<{ id: string }>('POST', '/v1/oauthclients', {
      token: a.token,
      body: { clientId: 'a-secret-crm', callbackUrl: 'https://a.example/events' },
    })
  ).data.id;
  A.webhookId = (
    await t.call<{ id: string }>('POST', '/v2/webhooks', {
      token: a.token,
      body: { url: 'https://a.example/hooks', events: ['completed'] },
    })
  ).data.id;
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { stampPaper: true } },
    });
  const stamp = multipart(
    [{ name: 'stamp.pdf', bytes: samplePdf('Stamp', 1), type: 'application/pdf', field: 'certificate' }],
    { stampId: 'SECRET-STAMP', stateCode: 'MH', denomination: '100' },
  );
  A.stampPaperId = (
    await t.call<{ stampPaperId: string }>('POST', '/v2/stamppaper', {
      token: a.token,
      body: stamp.body,
      headers: { 'content-type': stamp.contentType },
    })
  ).data.stampPaperId;
  expect(A.stampPaperId).toBeTruthy();
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { stampPaper: true, rubberStamp: true } },
    });
  const rubber = multipart([{ name: 'seal.png', bytes: Buffer.from(PNG, 'base64') }], {
    name: 'Secret seal',
    height: '50',
    width: '50',
  });
  A.rubberStampId = (
    await t.call<{ id: string }>('POST', '/v2/rubberstamp', {
      token: a.token,
      body: rubber.body,
      headers: { 'content-type': rubber.contentType },
    })
  ).data.id;
  expect(A.rubberStampId).toBeTruthy();
  const logo = multipart([{ name: 'logo.png', bytes: Buffer.from(PNG, 'base64') }]);
  A.letterheadId = (
    await t.call<{ letterHeadDocId: string }>('POST', '/v1/letterheadtemplate', {
      token: a.token,
      body: logo.body,
      headers: { 'content-type': logo.contentType },
    })
  ).data.letterHeadDocId;
  for (const admin of [a, b])
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { webForm: true, teamRoom: true, stampPaper: true, rubberStamp: true } },
    });
  A.teamRoomId = (
    await t.call<{ teamRoomId: string }>('POST', '/v1/teamrooms', {
      token: a.token,
      body: { name: 'Secret room' },
    })
  ).data.teamRoomId;
  A.teamRoomFolderId =
    (
      await t.call<{ folders: { folderId: string }[] }>('POST', `/v1/teamrooms/${A.teamRoomId}/folders`, {
        token: a.token,
        body: { name: 'Secret folder' },
      })
    ).data.folders[0]?.folderId ?? '';
  const roomFile = aFile();
  A.teamRoomDocumentId =
    (
      await t.call<{ documents: { documentId: string }[] }>(
        'POST',
        `/v1/teamrooms/${A.teamRoomId}/documents`,
        {
          token: a.token,
          ...roomFile,
        },
      )
    ).data.documents[0]?.documentId ?? '';
  expect([A.teamRoomId, A.teamRoomFolderId, A.teamRoomDocumentId]).not.toContain('');
  A.webformId = (
    await t.call<{ mappingId: string }>('POST', '/v2/webform', {
      token: a.token,
      query: {
        name: 'Secret form',
        documentId: A.docTemplateId,
        workflowId: A.workflowId,
        htmlInputFilenames: 'email',
      },
      body: { targets: { email: { kind: 'recipient', step: 1, index: 0, part: 'email' } } },
    })
  ).data.mappingId;
  // A bulk compose run of A's own, from a template of A's with a workflow (a row left pending).
  const bulkTemplate = (
    await t.call<{ id: string }>('POST', '/v1/documenttemplates', {
      token: a.token,
      body: {
        templateName: 'Secret bulk template',
        documentIds: [(await upload(t, a.token, 'Bulk.pdf', samplePdf('Bulk', 1))).documentId],
        workflowTemplateId: A.workflowId,
      },
    })
  ).data.id;
  const bulkFile = multipart([
    { name: 'rows.csv', bytes: Buffer.from('subject\r\nSecret row\r\n'), type: 'text/csv' },
  ]);
  A.bulkRunId = (
    await t.call<{ runId: string }>('POST', `/v2/bulkcompose/template/${bulkTemplate}`, {
      token: a.token,
      body: bulkFile.body,
      headers: { 'content-type': bulkFile.contentType },
    })
  ).data.runId;
  expect(A.bulkRunId).toBeTruthy();
  expect([A.workflowId, A.workflowStateId, A.docTemplateId, A.letterheadId, A.webhookId]).not.toContain('');
  expect(A.webformId).toBeTruthy();
});
afterAll(() => t.close());

describe("tenant B's admin against tenant A", () => {
  it('every route with an id in its path is tried here', () => {
    const withIds = apiRoutes
      .filter((r) => r.url.includes(':') && r.auth !== 'public')
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`));
    const tried = new Set(attempts.map((x) => x.route));
    expect(withIds.filter((r) => !tried.has(r))).toEqual([]);
  });

  for (const attempt of attempts) {
    it(`${attempt.route} with A's ids is refused (${attempt.refusedWith})`, async () => {
      const { method, url, ...options } = attempt.call();
      const res = await t.call(method, url, { token: b.token, ...options });
      expect(res.code).toBe(attempt.refusedWith);
    });
  }

  it("lists show none of A's users or groups", async () => {
    const users = await t.call<{ users: { email: string }[] }>('GET', '/v1/users', { token: b.token });
    expect(users.data.users.map((u) => u.email)).toEqual(['admin@other.test']);
    const filtered = await t.call<{ totalCount: number }>('GET', '/v1/filteredusers', { token: b.token });
    expect(filtered.data.totalCount).toBe(1);
    const groups = await t.call<{ groups: { groupName: string }[] }>('GET', '/v1/groups', { token: b.token });
    expect(groups.data.groups.map((g) => g.groupName)).not.toContain('Secret');
    const stats = await t.call<{ total: number }>('GET', '/v1/users/statistics', { token: b.token });
    expect(stats.data.total).toBe(1);
    const lookup = await t.call<{ notFound: string[] }>('POST', '/v1/users', {
      token: b.token,
      body: { usernames: ['signer1@demo.test'] },
    });
    expect(lookup.data.notFound).toEqual(['signer1@demo.test']);
  });

  it("B's token with A's tenant_id is refused on every tenant route", async () => {
    const tenantGets = apiRoutes.filter(
      (r) =>
        r.auth === 'user' &&
        r.method === 'GET' &&
        !r.url.includes(':') &&
        !r.url.startsWith('/v2/user/') &&
        r.url !== '/v2/tenants',
    );
    for (const r of tenantGets) {
      const res = await t.call('GET', r.url, { token: b.token, tenant: a.tenantId ?? '' });
      expect({ url: r.url, code: res.code }).toEqual({ url: r.url, code: Code.NOT_AUTHORIZED });
    }
  });

  it("A's data is unchanged after all of it", async () => {
    const group = await t.call<{ groupName: string; users: { id: string }[] }>(
      'GET',
      `/v1/groups/${A.groupId}`,
      { token: a.token },
    );
    expect(group.data.groupName).toBe('Secret');
    expect(group.data.users.map((u) => u.id)).toEqual([A.userId]);
    const user = await t.call<{ role: string; status: string }>('GET', `/v1/users/${A.userId}/true`, {
      token: a.token,
    });
    expect(user.data).toMatchObject({ role: 'signer', status: 'enabled' });
    const signer = await t.signIn('signer1@demo.test', DEMO_PASSWORD);
    const photo = await t.call<{ userImage: string }>('GET', `/v1/users/${A.userId}/photo`, {
      token: signer.token,
    });
    expect(photo.data.userImage).toBe(A.photo);
    const epak = await t.call<{ subject: string; status: string }>('GET', `/v2/epaks/${A.epakId}`, {
      token: a.token,
    });
    expect(epak.data).toMatchObject({ subject: 'Secret', status: 'Draft' });
    const library = await t.call<{ name: string }[]>('GET', '/v1/documents', { token: a.token });
    expect(library.data.map((d) => d.name)).toEqual(['Library.pdf']);
    const flow = await t.call<{ name: string }>('GET', `/v2/workflows/${A.workflowId}`, { token: a.token });
    expect(flow.data.name).toBe('Secret flow');
    const template = await t.call<{ templateName: string }>(
      'GET',
      `/v1/documenttemplates/${A.docTemplateId}`,
      {
        token: a.token,
      },
    );
    expect(template.data.templateName).toBe('Secret template');
    const states = await t.call<{ name: string }[]>('GET', '/v1/workflow/states', { token: a.token });
    expect(states.data[0]?.name).toBe('Review');
    const letterheads = await t.call<{ letterHeadDocId: string }[]>('GET', '/v1/letterheadtemplate', {
      token: a.token,
    });
    expect(letterheads.data.map((l) => l.letterHeadDocId)).toEqual([A.letterheadId]);
    const bLetterheads = await t.call<unknown[]>('GET', '/v1/letterheadtemplate', { token: b.token });
    expect(bLetterheads.data).toEqual([]);
    const clients = await t.call<{ id: string; callbackUrl: string }[]>('GET', '/v1/oauthclients', {
      token: a.token,
    });
    expect(clients.data.map((c) => [c.id, c.callbackUrl])).toEqual([
      [A.oauthClientId, 'https://a.example/events'],
    ]);
    expect((await t.call<unknown[]>('GET', '/v1/oauthclients', { token: b.token })).data).toEqual([]);
    expect((await t.call<unknown[]>('GET', '/v1/callbacks', { token: b.token })).data).toEqual([]);
    const room = await t.call<{
      name: string;
      members: unknown[];
      folders: { name: string }[];
      documents: { name: string; locked: boolean }[];
    }>('GET', `/v1/teamrooms/${A.teamRoomId}`, { token: a.token });
    expect(room.data).toMatchObject({ name: 'Secret room', folders: [{ name: 'Secret folder' }] });
    expect(room.data.members).toHaveLength(1);
    expect(room.data.documents).toMatchObject([{ name: 'Planted.pdf', locked: false }]);
    expect((await t.call<unknown[]>('GET', '/v1/teamrooms', { token: b.token })).data).toEqual([]);
    const stamps = await t.call<{ stampPapers: { stampId: string; assignedUsers: unknown[] }[] }>(
      'POST',
      '/v2/stamppapers',
      { token: a.token, body: {} },
    );
    expect([stamps.code, stamps.message, stamps.data?.stampPapers]).toMatchObject([
      1,
      undefined,
      [{ stampId: 'SECRET-STAMP', assignedUsers: [] }],
    ]);
    const bStamps = await t.call<{ totalCount: number }>('POST', '/v2/stamppapers', {
      token: b.token,
      body: {},
    });
    expect(bStamps.data.totalCount).toBe(0);
    const seals = await t.call<{ name: string }[]>('GET', '/v2/rubberstamp', { token: a.token });
    expect(seals.data.map((x) => x.name)).toEqual(['Secret seal']);
    expect((await t.call<unknown[]>('GET', '/v2/rubberstamp', { token: b.token })).data).toEqual([]);
    const tenants = await t.call<{ tenantName: string; status: string }[]>('GET', '/v2/tenants', {
      token: (await t.signIn('superadmin@demo.test')).token,
    });
    expect(tenants.data.find((x) => x.tenantName === 'Demo')?.status).toBe('active');
  });
});
