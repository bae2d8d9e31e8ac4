import { Code, type StampPaper, type StampPaperAssignResult, type StampPaperStats } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_PNG, samplePdf } from './support/epak-helpers.ts';
import {
  addPaper,
  assign,
  csvUpload,
  grouped,
  list,
  setSwitch,
  startStampServer,
  stock,
} from './support/stamp-papers.ts';
import type { Session, TestServer } from './support/test-server.ts';

/** Stamp papers over HTTP: the switch, the inventory, editing, assignments and CSV files. */

let t: TestServer;
let admin: Session;
let custodian: Session;
let submitter: Session;
let signer: Session;

beforeAll(async () => {
  ({ t, admin, custodian, submitter, signer } = await startStampServer());
});
afterAll(() => t.close());

describe('the tenant switch', () => {
  it('while stamp papers are off every call answers -1 (409) naming the feature', async () => {
    await setSwitch(false);
    const res = await list(admin);
    expect([res.status, res.code, res.data]).toEqual([409, Code.GENERIC_ERROR, { feature: 'stampPaper' }]);
    const grouped = await t.call('GET', '/v2/stamppaper/user/groupedstamps', { token: custodian.token });
    expect([grouped.status, grouped.code]).toEqual([409, Code.GENERIC_ERROR]);
    await setSwitch(true);
    expect((await list(admin)).code).toBe(1);
  });
});

describe('the inventory', () => {
  beforeAll(() => setSwitch(true));

  it('an admin adds a paper with its PDF certificate; it is AVAILABLE and listed', async () => {
    const res = await addPaper(admin, { stampId: 'IN-MH-0001', stateCode: 'MH', denomination: '100' });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      stampId: 'IN-MH-0001',
      stateCode: 'MH',
      stateName: 'Maharashtra',
      denomination: 100,
      status: 'AVAILABLE',
      certificateType: 'application/pdf',
      usedIn: null,
    });
    const page = await list(admin, { stateCode: 'MH' });
    expect(page.data.stampPapers.map((p) => p.stampId)).toContain('IN-MH-0001');
  });

  it('a second paper with the same stamp id is -203', async () => {
    const res = await addPaper(admin, { stampId: 'IN-MH-0001', stateCode: 'KA', denomination: '50' });
    expect([res.status, res.code]).toEqual([409, Code.STAMP_PAPER_EXISTS]);
  });

  it('a PNG certificate is kept as an image; a denomination outside §9 or an unknown state is -6', async () => {
    const png = await addPaper(
      admin,
      { stampId: 'IN-KA-0001', stateCode: 'KA', denomination: '500' },
      { name: 'stamp.png', bytes: new Uint8Array(Buffer.from(SIGNATURE_PNG, 'base64')), type: 'image/png' },
    );
    expect([png.code, png.message, png.data?.certificateType]).toEqual([1, undefined, 'image/png']);
    const odd = await addPaper(admin, { stampId: 'IN-KA-0002', stateCode: 'KA', denomination: '75' });
    expect([odd.status, odd.code]).toEqual([400, Code.INVALID_INPUT]);
    const state = await addPaper(admin, { stampId: 'IN-XX-0002', stateCode: 'XX', denomination: '100' });
    expect(state.code).toBe(Code.INVALID_INPUT);
  });

  it('no certificate is -109; a text file or a two-page PDF is -6; a certificate over 5 MB is 413', async () => {
    const fields = { stampId: 'CERT-1', stateCode: 'DL', denomination: '20' };
    const none = await addPaper(admin, fields, null);
    expect(none.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
    const text = await addPaper(admin, fields, {
      name: 'stamp.pdf',
      bytes: new TextEncoder().encode('not a stamp'),
      type: 'application/pdf',
    });
    expect([text.code, text.message]).toEqual([
      Code.INVALID_INPUT,
      'The certificate must be a PDF, PNG or JPEG file',
    ]);
    const twoPages = await addPaper(admin, fields, {
      name: 'stamp.pdf',
      bytes: samplePdf('Two', 2),
      type: 'application/pdf',
    });
    expect(twoPages.code).toBe(Code.INVALID_INPUT);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47]);
    const large = await addPaper(admin, fields, { name: 'stamp.png', bytes: big, type: 'image/png' });
    expect([large.status, large.code]).toEqual([413, Code.INVALID_INPUT]);
    expect((await list(admin, { stampId: 'CERT-1' })).data.totalCount).toBe(0);
  });

  it('a custodian may not manage the inventory (-11)', async () => {
    expect((await list(custodian)).code).toBe(Code.NOT_AUTHORIZED);
    expect((await addPaper(custodian, { stampId: 'C-1', stateCode: 'MH', denomination: '10' })).code).toBe(
      Code.NOT_AUTHORIZED,
    );
    expect((await list(signer)).code).toBe(Code.NOT_AUTHORIZED);
  });
});

describe('editing and deleting', () => {
  beforeAll(() => setSwitch(true));

  it('an AVAILABLE paper changes stamp id, state and denomination; a taken stamp id is -203', async () => {
    const [id] = await stock('EDIT', 'GJ', 20, 2);
    const res = await t.call<StampPaper>('PUT', '/v2/stamppaper', {
      token: admin.token,
      body: { stampPaperId: id, stampId: 'EDIT-1b', stateCode: 'GA', denomination: 50 },
    });
    expect(res.data).toMatchObject({
      stampId: 'EDIT-1b',
      stateCode: 'GA',
      stateName: 'Goa',
      denomination: 50,
    });
    const taken = await t.call('PUT', '/v2/stamppaper', {
      token: admin.token,
      body: { stampPaperId: id, stampId: 'EDIT-2' },
    });
    expect([taken.status, taken.code]).toEqual([409, Code.STAMP_PAPER_EXISTS]);
  });

  it('deleting many removes them all; an unknown id is -1 (404) and removes none', async () => {
    const ids = await stock('DEL', 'GJ', 10, 3);
    const unknown = await t.call('DELETE', `/v2/stamppapers/${ids[0]},${crypto.randomUUID()}`, {
      token: admin.token,
    });
    expect([unknown.status, unknown.code]).toEqual([404, Code.GENERIC_ERROR]);
    const res = await t.call<{ deleted: number }>('DELETE', `/v2/stamppapers/${ids.join(',')}`, {
      token: admin.token,
    });
    expect(res.data).toEqual({ deleted: 3 });
    expect((await list(admin, { stampId: 'DEL-' })).data.totalCount).toBe(0);
  });

  it('statistics count papers per state, denomination and status', async () => {
    await stock('STAT', 'SK', 1000, 2);
    const res = await t.call<StampPaperStats>('GET', '/v2/stamppaper/stats', {
      token: admin.token,
      query: { stateCode: 'SK' },
    });
    expect(res.data.rows).toEqual([
      {
        stateCode: 'SK',
        stateName: 'Sikkim',
        denomination: 1000,
        AVAILABLE: 2,
        DRAFT: 0,
        EPAK: 0,
        CONSUMED: 0,
        total: 2,
      },
    ]);
    expect(res.data.totals.total).toBe(2);
  });
});

describe('assignments', () => {
  let groupId = '';

  beforeAll(async () => {
    await setSwitch(true);
    const group = await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Stampers', users: [submitter.userId] },
    });
    expect(group.code).toBe(1);
    groupId = group.data.groupId;
  });

  it('papers assigned to a user and to a group show in groupedstamps for that user and the group’s members', async () => {
    const ids = await stock('ASG', 'TN', 5000, 3);
    expect((await assign({ stampPaperIds: ids.slice(0, 2), userIds: [custodian.userId] })).data.changed).toBe(
      2,
    );
    expect((await assign({ stampPaperIds: [ids[2]], groupIds: [groupId] })).data.changed).toBe(1);
    const mine = (await grouped(custodian)).data.find((g) => g.stateCode === 'TN');
    expect(mine).toEqual({ stateCode: 'TN', stateName: 'Tamil Nadu', denomination: 5000, count: 2 });
    const theirs = (await grouped(submitter)).data.find((g) => g.stateCode === 'TN');
    expect(theirs?.count).toBe(1);
    const filtered = await list(admin, { assigneeGroupId: groupId });
    expect(filtered.data.stampPapers.map((p) => p.stampPaperId)).toEqual([ids[2]]);
    expect(filtered.data.stampPapers[0]?.assignedGroups).toEqual([{ groupId, groupName: 'Stampers' }]);
  });

  it('assigning to someone not a member is -3; an unknown paper is -1 (404); a signer may not see groupedstamps', async () => {
    const [id] = await stock('ASG-X', 'TN', 10, 1);
    expect((await assign({ stampPaperIds: [id], userIds: [crypto.randomUUID()] })).code).toBe(
      Code.USER_NOT_FOUND,
    );
    expect((await assign({ stampPaperIds: [crypto.randomUUID()], userIds: [custodian.userId] })).status).toBe(
      404,
    );
    expect((await grouped(signer)).code).toBe(Code.NOT_AUTHORIZED);
  });

  it('bulk assign takes the count of unassigned papers of the denomination and state, and -6 when fewer are in stock', async () => {
    await stock('BULK', 'UP', 15000, 4);
    const res = await t.call<StampPaperAssignResult>('POST', '/v2/stamppaper/bulkassign', {
      token: admin.token,
      body: { count: 3, denomination: 15000, stateCode: 'UP', userIds: [custodian.userId] },
    });
    expect([res.code, res.data.changed, res.data.stampPaperIds.length]).toEqual([1, 3, 3]);
    const short = await t.call('POST', '/v2/stamppaper/bulkassign', {
      token: admin.token,
      body: { count: 2, denomination: 15000, stateCode: 'UP', userIds: [custodian.userId] },
    });
    expect([short.code, short.data]).toEqual([Code.INVALID_INPUT, { available: 1 }]);
  });

  it('bulk revoke takes back assignments made in the range; bad, reversed or future dates are -209', async () => {
    const ids = await stock('REV', 'WB', 20000, 2);
    await assign({ stampPaperIds: ids, userIds: [custodian.userId] });
    const today = t.clock.now().toISOString().slice(0, 10);
    const revoke = (body: Record<string, unknown>) =>
      t.call<StampPaperAssignResult>('POST', '/v2/stamppaper/bulkrevoke', { token: admin.token, body });
    for (const dates of [
      { fromDate: 'yesterday', toDate: today },
      { fromDate: today, toDate: '2001-02-30' },
      { fromDate: today, toDate: '2001-01-01' },
      { fromDate: '2999-01-01', toDate: '2999-01-02' },
    ]) {
      const bad = await revoke(dates);
      expect([bad.status, bad.code]).toEqual([400, Code.BULK_STAMP_DATE_ERROR]);
    }
    const res = await revoke({ fromDate: today, toDate: today, denomination: 20000, stateCode: 'WB' });
    expect([res.data.changed, [...res.data.stampPaperIds].sort()]).toEqual([2, [...ids].sort()]);
    expect((await grouped(custodian)).data.find((g) => g.stateCode === 'WB')).toBeUndefined();
  });
});

describe('CSV', () => {
  beforeAll(() => setSwitch(true));

  it('valid rows are imported with a generated certificate; failed rows come back with codes', async () => {
    const res = await csvUpload(
      [
        'stampId,stateCode,denomination',
        'CSV-1,MH,100',
        'CSV-2,mh,25000',
        ',MH,100',
        'CSV-3,ZZ,100',
        'CSV-4,MH,99',
        'CSV-1,MH,100',
        'IN-MH-0001,MH,100',
      ].join('\n'),
    );
    expect(res.data.imported).toBe(2);
    expect(res.data.failed.map((f) => [f.row, f.code])).toEqual([
      [4, -1],
      [5, -2],
      [6, -3],
      [7, -4],
      [8, Code.STAMP_PAPER_EXISTS],
    ]);
    const imported = await list(admin, { stampId: 'CSV-' });
    expect(imported.data.stampPapers.map((p) => [p.stampId, p.stateCode, p.certificateType])).toEqual([
      ['CSV-1', 'MH', 'generated'],
      ['CSV-2', 'MH', 'generated'],
    ]);
    const cert = await t.call(
      'GET',
      `/v2/stamppaper/${imported.data.stampPapers[0]?.stampPaperId}/certificate`,
      {
        token: admin.token,
      },
    );
    expect([cert.status, cert.headers['content-type'], cert.raw.startsWith('%PDF')]).toEqual([
      200,
      'application/pdf',
      true,
    ]);

    const back = await t.call('POST', '/v1/stamppapers/csv/export', {
      token: admin.token,
      body: { rows: res.data.failed },
    });
    expect(back.headers['content-type']).toContain('text/csv');
    const lines = back.raw.trim().split('\r\n');
    expect(lines[0]).toBe('stampId,stateCode,denomination,code,message');
    expect(lines[2]).toBe('CSV-3,ZZ,100,-2,stateCode ZZ is not an Indian state code');
  });

  it('more than 5,000 rows is -143 and nothing is imported', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `LIMIT-${i},MH,10`);
    const res = await csvUpload(['stampId,stateCode,denomination', ...rows].join('\n'));
    expect([res.code, res.status]).toEqual([Code.CSV_RECORD_LIMIT, 400]);
    expect((await list(admin, { stampId: 'LIMIT-' })).data.totalCount).toBe(0);
  });

  it('a file without the columns is -174, one without rows -182', async () => {
    expect((await csvUpload('id,state\nA,MH')).code).toBe(Code.CSV_VALIDATION);
    expect((await csvUpload('stampId,stateCode,denomination\n')).code).toBe(Code.EMPTY_FILE);
  });

  it('the inventory exports as CSV with status and assignees', async () => {
    const res = await t.call('GET', '/v1/stamppapers/csv/export', {
      token: admin.token,
      query: { stateCode: 'MH' },
    });
    const lines = res.raw.trim().split('\r\n');
    expect(lines[0]).toBe(
      'stampId,stateCode,denomination,status,assignedUsers,assignedGroups,ePakId,consumedOn,createdOn',
    );
    expect(lines.some((l) => l.startsWith('CSV-2,MH,25000,AVAILABLE,'))).toBe(true);
  });

  it('the inventory and failed-rows files put a quote before a stamp id a spreadsheet would run; sent again it reads as it was', async () => {
    const res = await csvUpload(
      ['stampId,stateCode,denomination', '"=HYPERLINK(""http://x.test"")",AS,100', '@SUM(A1),ZZ,100'].join(
        '\n',
      ),
    );
    expect([res.data.imported, res.data.failed.map((f) => f.stampId)]).toEqual([1, ['@SUM(A1)']]);

    const inventory = await t.call('GET', '/v1/stamppapers/csv/export', {
      token: admin.token,
      query: { stateCode: 'AS' },
    });
    const line = inventory.raw.split('\r\n').find((l) => l.includes('HYPERLINK'));
    expect(line?.startsWith(`"'=HYPERLINK(""http://x.test"")",AS,100,AVAILABLE,`)).toBe(true);

    const failed = await t.call('POST', '/v1/stamppapers/csv/export', {
      token: admin.token,
      body: { rows: res.data.failed },
    });
    expect(failed.raw.split('\r\n')[1]).toBe("'@SUM(A1),ZZ,100,-2,stateCode ZZ is not an Indian state code");

    // The inventory file uploaded again names the same paper: the quote is not part of the id.
    const again = await csvUpload(inventory.raw);
    expect(again.data.failed.map((f) => [f.stampId, f.code])).toContainEqual([
      '=HYPERLINK("http://x.test")',
      Code.STAMP_PAPER_EXISTS,
    ]);
    const ids = (await list(admin, { stateCode: 'AS' })).data.stampPapers.map((p) => p.stampPaperId);
    await t.call('DELETE', `/v2/stamppapers/${ids.join(',')}`, { token: admin.token });
  });
});
