import { Code, type StampPaper } from '@signet/contracts';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampPaperGroups, stampPapers, stampPaperUsers } from '../src/db/schema/index.ts';
import { runDueBulkComposes } from '../src/domain/bulk-compose/send-rows.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import {
  composeAndSend,
  multipart,
  samplePdf,
  signAll,
  signatureTag,
  upload,
} from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { assign, paper, setSwitch, startStampServer, stock } from './support/stamp-papers.ts';
import type { Session, TestServer } from './support/test-server.ts';

/** Stamp papers in compose and bulk compose, and their row-level security. */

let t: TestServer;
let admin: Session;
let custodian: Session;
let signer: Session;

beforeAll(async () => {
  ({ t, admin, custodian, signer } = await startStampServer());
});
afterAll(() => t.close());

describe('compose with a stamp paper', () => {
  beforeAll(() => setSwitch(true));

  it('its page is page 1; DRAFT at compose, EPAK when sent, CONSUMED when the ePak completes', async () => {
    const [id] = await stock('FLOW', 'MH', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { draft: true, extra: { stampPaper: { stampPaperId: id } } },
    );
    const epak = await t.call<{ documents: { id: string; pageCount: number; version: number }[] }>(
      'GET',
      `/v2/epaks/${composed.epakId}`,
      { token: custodian.token },
    );
    expect(epak.data.documents[0]?.pageCount).toBe(2);
    expect(await paper(id as string)).toMatchObject({
      status: 'DRAFT',
      usedIn: { ePakId: composed.epakId, documentId: composed.documentId },
    });
    expect(
      (await t.call('POST', `/v2/epaks/${composed.epakId}/start`, { token: custodian.token })).code,
    ).toBe(1);
    expect((await paper(id as string)).status).toBe('EPAK');
    const signed = await signAll(t, signer.token, composed.epakId, composed.documentId);
    expect(signed.code).toBe(1);
    const done = await paper(id as string);
    expect([done.status, done.consumedOn !== null]).toEqual(['CONSUMED', true]);
    const del = await t.call('DELETE', `/v2/stamppapers/${id}`, { token: admin.token });
    expect([del.status, del.code]).toEqual([409, Code.DOCUMENT_IN_USE]);
  });

  it('the signed document has the stamp page first and its signature is valid in pdfsig', async () => {
    const [id] = await stock('SIGNED', 'MH', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Rent agreement',
        extra: { stampPaper: { stampPaperId: id } },
      },
    );
    expect((await signAll(t, signer.token, composed.epakId, composed.documentId)).code).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${composed.epakId}/documents/${composed.documentId}/download`,
      headers: { access_token: custodian.token },
    });
    expect(res.statusCode).toBe(200);
    const pdf = new Uint8Array(res.rawPayload);
    expect(pdfText(pdf, 1)).toContain('e-Stamp');
    expect(pdfText(pdf, 2)).toContain('Rent agreement');
    const tenantId = custodian.tenantId ?? '';
    const nss = nssDbTrusting([await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps))]);
    try {
      expect((await pdfsig(pdf, nss.dir)).map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
    } finally {
      nss.close();
    }
  });

  it('a deleted draft frees its paper', async () => {
    const [id] = await stock('DRAFT', 'KA', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { draft: true, extra: { stampPaper: { stateCode: 'KA', denomination: 100 } } },
    );
    expect((await paper(id as string)).status).toBe('DRAFT');
    const del = await t.call('DELETE', '/v2/epaks', {
      token: custodian.token,
      body: { ePakIds: [composed.epakId] },
    });
    expect(del.code).toBe(1);
    expect(await paper(id as string)).toMatchObject({ status: 'AVAILABLE', usedIn: null });
  });

  it('added to a draft later, the stamp page goes first and the tags placed there move one page on', async () => {
    const [id] = await stock('LATER', 'HR', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        draft: true,
      },
    );
    const tagsPath = `/v2/epaks/${composed.epakId}/documents/${composed.documentId}/signatureblocks`;
    const before = await t.call<{ pageNumber: number }[]>('GET', tagsPath, { token: custodian.token });
    expect(before.data.map((x) => x.pageNumber)).toEqual([1]);
    const added = await t.call<StampPaper>('POST', `/v2/epak/${composed.epakId}/stamppaper`, {
      token: custodian.token,
      body: { stateCode: 'HR', denomination: 100 },
    });
    expect(added.data).toMatchObject({ stampPaperId: id, status: 'DRAFT' });
    const after = await t.call<{ pageNumber: number }[]>('GET', tagsPath, { token: custodian.token });
    expect(after.data.map((x) => x.pageNumber)).toEqual([2]);
    const twice = await t.call('POST', `/v2/epak/${composed.epakId}/stamppaper`, {
      token: custodian.token,
      body: { stateCode: 'HR', denomination: 100 },
    });
    expect(twice.code).toBe(Code.INVALID_INPUT);
    expect(
      (await t.call('POST', `/v2/epaks/${composed.epakId}/start`, { token: custodian.token })).code,
    ).toBe(1);
    const sent = await t.call('POST', `/v2/epak/${composed.epakId}/stamppaper`, {
      token: custodian.token,
      body: { stateCode: 'HR', denomination: 100 },
    });
    expect([sent.code, sent.message]).toEqual([
      Code.INVALID_INPUT,
      'A stamp paper is added while the ePak is a draft',
    ]);
  });

  it('a document taken out of a draft frees its paper; the ePak’s activity records each step', async () => {
    const [id] = await stock('SWAP', 'AS', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        draft: true,
        extra: { stampPaper: { stampPaperId: id } },
      },
    );
    const other = await upload(t, custodian.token, 'Other.pdf', samplePdf('Other', 1));
    const edited = await t.call('POST', '/v2/epak/edit', {
      token: custodian.token,
      body: { ePakId: composed.epakId, documentIds: [other.documentId] },
    });
    expect(edited.code).toBe(1);
    expect(await paper(id as string)).toMatchObject({ status: 'AVAILABLE', usedIn: null });
    const activity = await t.call<{ action: string }[]>('GET', `/v2/epaks/${composed.epakId}/activity`, {
      token: custodian.token,
    });
    const actions = activity.data.map((a) => a.action);
    expect(actions).toContain('stampPaper.reserved');
    expect(actions).toContain('stampPaper.released');
  });

  it('a stopped ePak frees its paper', async () => {
    const [id] = await stock('STOP', 'KL', 100, 1);
    await assign({ stampPaperIds: [id], userIds: [custodian.userId] });
    const composed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        extra: { stampPaper: { stampPaperId: id } },
      },
    );
    expect((await paper(id as string)).status).toBe('EPAK');
    const stop = await t.call('POST', '/v2/epak/status', {
      token: custodian.token,
      body: { ePakId: composed.epakId, status: 'Stopped' },
    });
    expect(stop.code).toBe(1);
    expect(await paper(id as string)).toMatchObject({ status: 'AVAILABLE', usedIn: null });
  });

  it('a paper not assigned to the composer, or none left, is -1 (409) and no ePak is made', async () => {
    const [id] = await stock('NOPE', 'PB', 100, 1);
    const doc = await upload(t, custodian.token, 'Lease.pdf', samplePdf('Lease', 1));
    const res = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentIds: [doc.documentId], stampPaper: { stampPaperId: id } },
    });
    expect([res.status, res.code]).toEqual([409, Code.GENERIC_ERROR]);
    const again = await t.call('POST', '/v2/epak', {
      token: custodian.token,
      body: { documentIds: [doc.documentId], stampPaper: { stateCode: 'PB', denomination: 100 } },
    });
    expect([again.status, again.code]).toEqual([409, Code.GENERIC_ERROR]);
    expect((await paper(id as string)).status).toBe('AVAILABLE');
  });

  it('ten composes at once for three papers: three ePaks get one paper each, the rest are refused', async () => {
    const ids = await stock('RACE', 'RJ', 500, 3);
    await assign({ stampPaperIds: ids, userIds: [custodian.userId] });
    const docs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        upload(t, custodian.token, `Race ${i}.pdf`, samplePdf(`Race ${i}`, 1)),
      ),
    );
    const results = await Promise.all(
      docs.map((d) =>
        t.call<{ ePakId: string }>('POST', '/v2/epak', {
          token: custodian.token,
          body: { documentIds: [d.documentId], stampPaper: { stateCode: 'RJ', denomination: 500 } },
        }),
      ),
    );
    const made = results.filter((r) => r.code === 1).map((r) => r.data.ePakId);
    expect(made).toHaveLength(3);
    expect(results.filter((r) => r.code !== 1).map((r) => r.code)).toEqual(Array(7).fill(Code.GENERIC_ERROR));
    const used = await Promise.all(ids.map((id) => paper(id)));
    expect(used.map((p) => p.status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT']);
    expect(new Set(used.map((p) => p.usedIn?.ePakId))).toEqual(new Set(made));
  });
});

describe('bulk compose with a stamp paper', () => {
  let templateId = '';

  beforeAll(async () => {
    await setSwitch(true);
    const workflow = await t.call<{ workflowId: string }>('POST', '/v2/workflows', {
      token: custodian.token,
      body: { name: 'Lease flow', steps: [{ type: 'SIGN', recipients: [{ kind: 'role', role: 'Tenant' }] }] },
    });
    const file = multipart([{ name: 'Lease.pdf', bytes: samplePdf('Lease', 1), type: 'application/pdf' }]);
    const uploaded = await t.call<{ id: string }>('POST', '/v1/documenttemplate/upload', {
      token: custodian.token,
      query: { templateName: 'Stamped lease' },
      body: file.body,
      headers: { 'content-type': file.contentType },
    });
    templateId = uploaded.data.id;
    const tagged = await t.call('PUT', `/v1/documenttemplates/${templateId}`, {
      token: custodian.token,
      body: {
        workflowTemplateId: workflow.data.workflowId,
        tags: [{ ...signatureTag('x@y.test', 1, 1, 60, 500), userEmail: undefined, signerIndex: 0 }],
      },
    });
    expect(tagged.code).toBe(1);
  });

  it('each row’s ePak takes its own paper, the template’s tags on page 2; a row with none left fails with -1', async () => {
    const ids = await stock('BULKC', 'CH', 10000, 2);
    await assign({ stampPaperIds: ids, userIds: [custodian.userId] });
    const csv = [
      'subject,Tenant.email,Tenant.firstName,Tenant.lastName,Tenant.phone,Tenant.countryCode',
      ...[1, 2, 3].map((i) => `Lease ${i},tenant${i}@example.test,T${i},Lee,9876543210,+91`),
    ].join('\r\n');
    const form = multipart([{ name: 'leases.csv', bytes: new TextEncoder().encode(csv), type: 'text/csv' }], {
      stampStateCode: 'CH',
      stampDenomination: '10000',
    });
    const started = await t.call<{ runId: string }>('POST', `/v2/bulkcompose/template/${templateId}`, {
      token: custodian.token,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
    expect(started.code).toBe(1);
    await runDueBulkComposes(t.deps);
    const run = await t.call<{ sent: number; failed: number; failures: { row: number; code: number }[] }>(
      'GET',
      `/v2/bulkcompose/runs/${started.data.runId}`,
      { token: custodian.token },
    );
    expect([run.data.sent, run.data.failed, run.data.failures.map((f) => [f.row, f.code])]).toEqual([
      2,
      1,
      [[4, Code.GENERIC_ERROR]],
    ]);
    const papers = await Promise.all(ids.map((id) => paper(id)));
    expect(papers.map((p) => p.status)).toEqual(['EPAK', 'EPAK']);
    const epakId = papers[0]?.usedIn?.ePakId as string;
    const documentId = papers[0]?.usedIn?.documentId as string;
    const tags = await t.call<{ pageNumber: number }[]>(
      'GET',
      `/v2/epaks/${epakId}/documents/${documentId}/signatureblocks`,
      { token: custodian.token },
    );
    expect(tags.data.map((x) => x.pageNumber)).toEqual([2]);
  });

  it('a stamp state without a denomination is -6 and no run starts', async () => {
    const form = multipart(
      [{ name: 'x.csv', bytes: new TextEncoder().encode('subject\nA'), type: 'text/csv' }],
      {
        stampStateCode: 'CH',
      },
    );
    const res = await t.call('POST', `/v2/bulkcompose/template/${templateId}`, {
      token: custodian.token,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
    expect(res.code).toBe(Code.INVALID_INPUT);
  });
});

describe('row-level security', () => {
  const countAll = async (tx: Parameters<Parameters<TestServer['db']['withTenant']>[1]>[0]) => ({
    papers: (await tx.select().from(stampPapers)).length,
    users: (await tx.select().from(stampPaperUsers)).length,
    groups: (await tx.select().from(stampPaperGroups)).length,
  });

  it('the stamp-paper tables show another tenant nothing, and nothing without a tenant context', async () => {
    // A paper assigned to a person and one to a group: a row in each table.
    const ids = await stock('RLS', 'KA', 50, 2);
    const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Stamp holders', users: [signer.userId] },
    });
    await assign({ stampPaperIds: [ids[0]], userIds: [custodian.userId] });
    await assign({ stampPaperIds: [ids[1]], groupIds: [group.data.groupId] });
    const owner = await countAll(t.db.system);
    expect(owner.papers * owner.users * owner.groups).toBeGreaterThan(0);
    const other = await t.signIn('admin@other.test');
    expect(await t.db.withTenant(other.tenantId ?? '', countAll)).toEqual({ papers: 0, users: 0, groups: 0 });
    const none = await t.db.system.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role signet_app'));
      return countAll(tx);
    });
    expect(none).toEqual({ papers: 0, users: 0, groups: 0 });
  });

  it('a tenant transaction cannot write a paper into another tenant', async () => {
    const other = await t.signIn('admin@other.test');
    const write = t.db.withTenant(other.tenantId ?? '', (tx) =>
      tx.insert(stampPapers).values({
        tenantId: custodian.tenantId ?? '',
        stampId: 'PLANTED',
        stateCode: 'MH',
        denomination: 10,
        certificateType: 'generated',
        createdBy: other.userId,
      }),
    );
    await expect(write).rejects.toThrow();
  });
});
