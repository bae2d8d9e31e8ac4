import { Code } from '@signet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaks, recipients } from '../src/db/schema/index.ts';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { composeAndSend, multipart, SIGNATURE_PNG, samplePdf, signAll } from './support/epak-helpers.ts';
import { epakDetail, startLifecycleServer, tokenOfLink } from './support/epak-lifecycle.ts';
import { linkIn } from './support/mail-catcher.ts';
import type { Session, TestServer } from './support/test-server.ts';

// Easy-sign links, bulk signing, attachments, and the ePak lists, search and statistics, through the HTTP API.

let t: TestServer;
let custodian: Session;
let signer1: Session;
let signer2: Session;

const get = (s: Session, id: string) => epakDetail(t, s, id);

beforeAll(async () => {
  ({ t, custodian, signer1, signer2 } = await startLifecycleServer());
});
afterAll(() => t.close());

describe('links, bulk signing and attachments', () => {
  it('refuses an unknown easy-sign token (-42) and asks for the security code (-12)', async () => {
    expect((await t.call('GET', `/v2/epaks/${'x'.repeat(43)}/exchange`)).code).toBe(
      Code.INVALID_EASY_SIGN_LINK,
    );
    await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['registrar@demo.test'] }], {
      subject: 'Coded',
      extra: { securityCode: '2468' },
    });
    const link = linkIn(await t.mail.next('registrar@demo.test', /Coded/));
    expect((await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`)).code).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`, { query: { code: '1111' } })).code,
    ).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('GET', `/v2/epaks/${tokenOfLink(link)}/exchange`, { query: { code: '2468' } })).code,
    ).toBe(1);
  });

  it('a signed-in recipient opens a secured ePak only after entering its code once (-12 before)', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Coded for members',
        extra: { securityCode: '9753' },
      },
    );
    const locked = await get(signer1, e.epakId);
    expect([locked.code, locked.data]).toEqual([Code.WRONG_ANSWER, { securityCodeRequired: true }]);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).code).toBe(Code.WRONG_ANSWER);
    const listed = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', { token: signer1.token });
    expect(listed.data.map((x) => x.ePakId)).toContain(e.epakId);
    const unlock = `/v2/epaks/${e.epakId}/unlock`;
    const wrong = await t.call('POST', unlock, { token: signer1.token, body: { securityCode: '1111' } });
    expect(wrong.code).toBe(Code.WRONG_ANSWER);
    expect(
      (await t.call('POST', unlock, { token: signer1.token, body: { securityCode: '9753' } })).code,
    ).toBe(1);
    expect((await get(signer1, e.epakId)).code).toBe(1);
    expect((await get(custodian, e.epakId)).code).toBe(1);
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).data.status).toBe('Completed');
    const activity = await t.call<{ action: string }[]>('GET', `/v2/epaks/${e.epakId}/activity`, {
      token: custodian.token,
    });
    expect(activity.data.map((a) => a.action)).toContain('epak.code.wrong');
  });

  it('bulk signs the ePaks waiting for the user and skips the rest', async () => {
    const a = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk A' },
    );
    const b = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk B' },
    );
    const c = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'REVIEW', recipients: ['signer2@demo.test'] }],
      { subject: 'Bulk C' },
    );
    const res = await t.call<{ ePakId: string; status: string }[]>('POST', '/v2/epaks/bulksign', {
      token: signer2.token,
      body: { ePakIds: [a.epakId, b.epakId, c.epakId], signatureImage: SIGNATURE_PNG },
    });
    expect(res.data.map((x) => x.status)).toEqual(['SIGNED', 'SIGNED', 'SKIPPED']);
    expect((await get(custodian, a.epakId)).data.status).toBe('Completed');
  });

  it('takes the file an attachment tag asks for, and documents added to an ePak', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Attach', draft: true },
    );
    const attachmentTag = {
      key: 'attachment',
      type: 'attachment',
      label: 'ID proof',
      userEmail: 'signer1@demo.test',
      wfsOrderId: 1,
      pageNumber: 1,
      positionX: 40,
      positionY: 400,
      blockWidth: 120,
      blockHeight: 30,
    };
    const blocks = `/v2/epaks/${e.epakId}/documents/${e.documentId}/signatureblocks`;
    const existing = await t.call<{ uuid: string }[]>('GET', blocks, { token: custodian.token });
    await t.call('PUT', blocks, { token: custodian.token, body: { tags: [attachmentTag] } });
    const noFile = await t.call('POST', `/v2/epak/${e.epakId}/attach`, { token: custodian.token, body: {} });
    expect(noFile.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const extra = multipart([{ name: 'Annex.pdf', bytes: samplePdf('Annex', 1) }]);
    const added = await t.call<{ documentId: string }[]>('POST', `/v2/epak/${e.epakId}/attach`, {
      token: custodian.token,
      body: extra.body,
      headers: { 'content-type': extra.contentType },
    });
    expect(added.code).toBe(1);
    await t.call('POST', `/v2/epaks/${e.epakId}/start`, { token: custodian.token });
    const tags = await t.call<{ uuid: string; type: string }[]>('GET', blocks, { token: signer1.token });
    const tag = tags.data.find((x) => x.type === 'attachment');
    const file = multipart([
      { name: 'passport.pdf', bytes: samplePdf('Passport', 1), type: 'application/pdf' },
    ]);
    const res = await t.call<{ value: string; status: string }>(
      'POST',
      `/v2/epak/${e.epakId}/document/${e.documentId}/tag/${tag?.uuid}/attach`,
      {
        token: signer1.token,
        body: file.body,
        headers: { 'content-type': file.contentType },
      },
    );
    expect(res.data.status).toBe('done');
    expect(JSON.parse(res.data.value)).toMatchObject({ title: 'passport.pdf', type: 'application/pdf' });
    expect(existing.data.length).toBeGreaterThan(0);
    const detail = await get(custodian, e.epakId);
    expect(detail.data.documents.map((d) => d.name)).toEqual(['Attach.pdf', 'Annex.pdf']);
  });
});

describe('lists, search and statistics', () => {
  it('lists folders with counts, searches by subject and recipient, pages and sorts, stars and reads', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Zebra lease 2026' },
    );
    const inbox = await t.call<{ ePakId: string; isRead: boolean; currentStatePendingSigners: string[] }[]>(
      'GET',
      '/v2/epaks',
      {
        token: signer1.token,
        query: { folder: 'Inbox' },
      },
    );
    const item = inbox.data.find((x) => x.ePakId === e.epakId);
    expect(item).toMatchObject({ isRead: false, currentStatePendingSigners: ['signer1@demo.test'] });
    await get(signer1, e.epakId);
    const reread = await t.call<{ ePakId: string; isRead: boolean }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Inbox' },
    });
    expect(reread.data.find((x) => x.ePakId === e.epakId)?.isRead).toBe(true);

    const bySubject = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending', searchKey: 'subject', searchVal: 'zebra' },
    });
    expect(bySubject.data.map((x) => x.subject)).toEqual(['Zebra lease 2026']);
    const byTo = await t.call<unknown[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending', searchKey: 'to', searchVal: 'nobody@demo.test' },
    });
    expect(byTo.data).toEqual([]);
    const badDate = await t.call('GET', '/v2/epaks', {
      token: custodian.token,
      query: { searchKey: 'createdOn', searchVal: 'yesterday' },
    });
    expect(badDate.code).toBe(Code.INVALID_INPUT);

    const star = await t.call<{ starred: boolean }>('GET', `/v2/epaks/${e.epakId}/togglestar`, {
      token: signer1.token,
    });
    expect(star.data.starred).toBe(true);
    const starred = await t.call<{ ePakId: string; starred: boolean }[]>('GET', '/v2/epaks', {
      token: signer1.token,
      query: { folder: 'Inbox', starred: 'true' },
    });
    expect(starred.data.map((x) => x.ePakId)).toEqual([e.epakId]);
    const ownerView = await t.call<{ ePakId: string; starred: boolean }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Pending' },
    });
    expect(ownerView.data.find((x) => x.ePakId === e.epakId)?.starred).toBe(false);

    const page1 = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Completed', size: '2', pg: '1', sortColumn: 'subject', sort: 'ASC' },
    });
    const page2 = await t.call<{ subject: string }[]>('GET', '/v2/epaks', {
      token: custodian.token,
      query: { folder: 'Completed', size: '2', pg: '2', sortColumn: 'subject', sort: 'ASC' },
    });
    const metadata = (
      JSON.parse(page1.raw) as { metadata: { totalCount: number; folderCounts: Record<string, number> } }
    ).metadata;
    expect(metadata.totalCount).toBe(metadata.folderCounts.Completed);
    const subjects = [...page1.data, ...page2.data].map((x) => x.subject.toLowerCase());
    expect(subjects).toEqual([...subjects].sort());
  });

  it('finds an ePak by every global search key, and by the older filterKey names', async () => {
    const expires = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
      {
        subject: 'Quokka survey 4411',
        extra: {
          tags: [{ key: 'Region', value: 'North-4411' }],
          workflowName: 'Marsupial flow',
          expiresOn: expires,
        },
      },
    );
    const [row] = await t.deps.db.withTenant(custodian.tenantId as string, (tx) =>
      tx.select({ createdAt: epaks.createdAt }).from(epaks).where(eq(epaks.id, e.epakId)),
    );
    const createdOn = new Date(row?.createdAt ?? 0).toISOString().slice(0, 10);
    const search = async (query: Record<string, string>) => {
      const res = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', {
        token: custodian.token,
        query: { folder: 'Pending', size: '100', ...query },
      });
      expect(res.code).toBe(1);
      return res.data.map((x) => x.ePakId);
    };
    const finds: Record<string, string>[] = [
      { searchKey: 'all', searchVal: 'quokka' },
      { searchKey: 'all', searchVal: 'north-4411' },
      { searchKey: 'all', searchVal: 'marsupial' },
      // A notification's search: the package id (spec §2), in whatever case it is written.
      { searchKey: 'all', searchVal: e.epakId.toUpperCase() },
      { searchKey: 'from', searchVal: 'CUSTODIAN@demo.test' },
      { searchKey: 'to', searchVal: 'signer2@demo.test' },
      { searchKey: 'subject', searchVal: 'survey 4411' },
      { searchKey: 'workflowName', searchVal: 'marsupial' },
      { searchKey: 'createdOn', searchVal: createdOn },
      { searchKey: 'expiresOn', searchVal: expires.slice(0, 10) },
      { searchKey: 'ePakTag', searchVal: 'north-44' },
      { searchKey: 'ePakTag', searchVal: 'region = north' },
      { filterKey: 'SUBJECT', filter: 'Quokka' },
    ];
    for (const query of finds)
      expect({ query, found: await search(query) }).toMatchObject({
        query,
        found: expect.arrayContaining([e.epakId]),
      });
    const misses = [
      { searchKey: 'ePakTag', searchVal: 'Region=South' },
      { searchKey: 'to', searchVal: 'signer1@demo.test' },
      { searchKey: 'subject', searchVal: 'survey_4411' },
      { searchKey: 'all', searchVal: '%4411' },
      { searchKey: 'all', searchVal: crypto.randomUUID() },
    ];
    for (const query of misses)
      expect({ query, found: await search(query) }).not.toMatchObject({
        query,
        found: expect.arrayContaining([e.epakId]),
      });
    expect(await search({ searchKey: 'subject', searchVal: 'Quokka survey' })).toEqual([e.epakId]);
  });

  it('counts a group’s ePaks once each, owned or received by any member', async () => {
    const admin = await t.signIn('admin@demo.test');
    const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Stats', users: [signer1.userId, signer2.userId], managers: [custodian.userId] },
    });
    const both = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] },
    ]);
    expect(both.epakId).toBeTruthy();
    const summary = async (query: Record<string, string>) =>
      (
        await t.call<{ summary: Record<string, number> }>('GET', '/v2/statistics', {
          token: custodian.token,
          query: { type: 'summary', ...query },
        })
      ).data.summary;
    // Independently: every ePak of the tenant, tested for an owner or recipient in the group.
    const people = [custodian.userId, signer1.userId, signer2.userId];
    const involved = await t.deps.db.withTenant(custodian.tenantId as string, async (tx) => {
      const received = await tx.select().from(recipients);
      return (await tx.select().from(epaks)).filter(
        (epak) =>
          people.includes(epak.ownerId) ||
          received.some((r) => r.epakId === epak.id && r.userId !== null && people.includes(r.userId)),
      );
    });
    const expected: Record<string, number> = {};
    for (const epak of involved) expected[epak.status] = (expected[epak.status] ?? 0) + 1;
    expect(await summary({ scope: 'group', groupId: group.data.groupId })).toEqual(expected);

    const weekly = await t.call<{ weekly: { weekStart: string; created: number }[] }>(
      'GET',
      '/v2/statistics',
      {
        token: custodian.token,
        query: { scope: 'group', groupId: group.data.groupId, type: 'weekly', weeks: '52' },
      },
    );
    const createdIn = (weekStart: string) => {
      const from = Date.parse(`${weekStart}T00:00:00Z`);
      return involved.filter((epak) => {
        const at = new Date(epak.createdAt).getTime();
        return at >= from && at < from + 7 * 86_400_000;
      }).length;
    };
    expect(weekly.data.weekly.map((w) => w.created)).toEqual(
      weekly.data.weekly.map((w) => createdIn(w.weekStart)),
    );
    expect(weekly.data.weekly.reduce((n, w) => n + w.created, 0)).toBeGreaterThan(0);
  });

  it('counts the user’s ePaks by status and by week; tenant-wide statistics are for admins', async () => {
    const summary = await t.call<{ summary: Record<string, number> }>('GET', '/v2/statistics', {
      token: custodian.token,
      query: { scope: 'user', type: 'summary' },
    });
    expect(summary.data.summary.Completed).toBeGreaterThan(0);
    const weekly = await t.call<{ weekly: Record<string, number | string>[] }>('GET', '/v2/statistics', {
      token: custodian.token,
      query: { type: 'weekly', weeks: '4' },
    });
    expect(weekly.data.weekly).toHaveLength(4);
    expect(Object.keys(weekly.data.weekly[0] ?? {}).sort()).toEqual([
      'completed',
      'created',
      'pending',
      'stopped',
      'weekStart',
    ]);
    expect(weekly.data.weekly.reduce((n, w) => n + Number(w.created), 0)).toBeGreaterThan(5);
    expect(
      (await t.call('GET', '/v2/statistics', { token: custodian.token, query: { scope: 'all' } })).code,
    ).toBe(Code.NOT_AUTHORIZED);
    const admin = await t.signIn('admin@demo.test');
    const all = await t.call<{ weekly: Record<string, number>[] }>('GET', '/v2/statistics', {
      token: admin.token,
      query: { scope: 'all', type: 'weekly' },
    });
    expect(Object.keys(all.data.weekly[0] ?? {})).toContain('signed');
  });

  it('shows the ePak’s activity from the hash-chained log', async () => {
    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      { subject: 'Trail' },
    );
    await signAll(t, signer1.token, e.epakId, e.documentId);
    expect((await sealCompletedEpaks(t.deps)).sealed).toBeGreaterThanOrEqual(1);
    const res = await t.call<{ action: string; hash: string }[]>('GET', `/v2/epaks/${e.epakId}/activity`, {
      token: custodian.token,
    });
    expect(res.data.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'epak.created',
        'epak.statusChanged',
        'document.signed',
        'epak.completed',
        'epak.sealed',
      ]),
    );
    expect(res.data.every((a) => /^[0-9a-f]{64}$/.test(a.hash))).toBe(true);
  });
});
