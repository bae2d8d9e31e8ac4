import {
  Code,
  REPORT_HEADINGS_FR,
  REPORT_HEADINGS_HI,
  REPORT_TITLES_FR,
  REPORT_TITLES_HI,
  type ReportResult,
  type ReportSummary,
} from '@signet/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, multipart, samplePdf, signAll } from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let signer: Session;
let registrar: Session;
let superAdmin: Session;
let owner: Session;

function run(session: Session, body: unknown) {
  return t.call<ReportResult>('POST', '/v1/report', { token: session.token, body });
}

async function exportFile(session: Session, body: Record<string, unknown>, language = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/msbapi/v1/report',
    headers: { access_token: session.token, 'accept-language': language },
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

const column = (r: ReportResult, key: string) => r.columns.findIndex((c) => c.key === key);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
  registrar = await t.signIn('registrar@demo.test');
  superAdmin = await t.signIn('superadmin@demo.test');
  const done = await composeAndSend(
    t,
    custodian.token,
    [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
    {
      subject: 'Report completed',
    },
  );
  expect((await signAll(t, signer.token, done.epakId, done.documentId)).code).toBe(1);
  const rejected = await composeAndSend(
    t,
    custodian.token,
    [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
    {
      subject: 'Report rejected',
    },
  );
  const reasons = await t.call<{ reasonId: number; kind: string }[]>('GET', '/v1/reasons', {
    token: signer.token,
  });
  const reason = reasons.data.find((r) => r.kind === 'reject');
  const rej = await t.call('POST', `/v2/epaks/${rejected.epakId}/reject`, {
    token: signer.token,
    body: { reasonId: reason?.reasonId, comment: 'Clause 4 is wrong' },
  });
  expect(rej.code, rej.message).toBe(1);
  await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
    subject: 'Report pending',
  });
  // A second organisation, to show that a tenant's reports never count another's ePaks.
  await t.call('POST', '/v1/user/signup', {
    body: {
      email: 'owner@reports.test',
      firstName: 'R',
      lastName: 'O',
      orgName: 'Reports Elsewhere',
      newPassword: 'Root-pass-1',
      confirmPassword: 'Root-pass-1',
    },
  });
  owner = await t.signIn('owner@reports.test', 'Root-pass-1');
}, 120_000);
afterAll(() => t?.close());

describe('GET /v1/report and /v1/report/{reportId}', () => {
  it('lists the catalogue with each report’s filters, every one available', async () => {
    const res = await t.call<ReportSummary[]>('GET', '/v1/report', { token: admin.token });
    expect(res.code).toBe(1);
    expect(res.data.map((r) => r.reportId)).toEqual([
      'epakVolumes',
      'turnaround',
      'signaturesBySigner',
      'signaturesByPolicy',
      'pendingAge',
      'rejections',
      'userActivity',
      'auditExtract',
      'retentionList',
      'stampPaperConsumption',
    ]);
    expect(res.data.find((r) => r.reportId === 'epakVolumes')?.filters).toEqual([
      'dateRange',
      'period',
      'users',
      'groups',
      'status',
      'policy',
      'template',
    ]);
    expect(res.data.filter((r) => !r.available)).toEqual([]);
  });

  it('a signer’s catalogue leaves out the admins’ retention list; the super admin may also pick a tenant', async () => {
    const mine = await t.call<ReportSummary[]>('GET', '/v1/report', { token: signer.token });
    expect(mine.data.map((r) => r.reportId)).not.toContain('retentionList');
    const sa = await t.call<ReportSummary[]>('GET', '/v1/report', { token: superAdmin.token });
    expect(sa.data[0]?.filters).toContain('tenant');
  });

  it('a registrar has no reports (-11), as spec §6 gives them no reports route', async () => {
    expect((await t.call('GET', '/v1/report', { token: registrar.token })).code).toBe(Code.NOT_AUTHORIZED);
    expect((await run(registrar, { reportId: 'epakVolumes' })).code).toBe(Code.NOT_AUTHORIZED);
  });

  it('answers one report’s filters, and -30 for a report that does not exist', async () => {
    const one = await t.call<ReportSummary>('GET', '/v1/report/turnaround', { token: custodian.token });
    expect(one.data).toMatchObject({ reportId: 'turnaround', available: true, adminOnly: false });
    const none = await t.call('GET', '/v1/report/nothing', { token: custodian.token });
    expect([none.status, none.code]).toEqual([404, Code.REPORT_TEMPLATE_MISSING]);
  });
});

describe('POST /v1/report runs', () => {
  it('ePak volumes count the tenant’s ePaks by status per period', async () => {
    const res = await run(admin, { reportId: 'epakVolumes', filters: { period: 'day' } });
    expect(res.code, res.message).toBe(1);
    const sum = (key: string) => res.data.rows.reduce((n, r) => n + Number(r[column(res.data, key)]), 0);
    expect(sum('completed')).toBeGreaterThanOrEqual(1);
    expect(sum('rejected')).toBeGreaterThanOrEqual(1);
    expect(sum('inProgress')).toBeGreaterThanOrEqual(1);
    expect(res.data.chart).toEqual({ label: 'period', values: ['completed', 'inProgress', 'rejected'] });
    expect(res.data.platformWide).toBe(false);
  });

  it('another tenant’s admin sees none of these ePaks (row-level security)', async () => {
    const res = await run(owner, { reportId: 'epakVolumes' });
    expect(res.code).toBe(1);
    expect(res.data.rows).toEqual([]);
  });

  it('turnaround answers the whole ePak and each step, median and 90th percentile in hours', async () => {
    const res = await run(custodian, { reportId: 'turnaround' });
    expect(res.data.rows[0]?.slice(0, 3)).toEqual(['all', '', expect.any(Number)]);
    expect(res.data.rows[0]?.[column(res.data, 'medianHours')]).toEqual(expect.any(Number));
    expect(res.data.rows[1]?.[0]).toBe('1');
  });

  it('signatures by signer and by policy count the signature made', async () => {
    const bySigner = await run(admin, { reportId: 'signaturesBySigner' });
    const row = bySigner.data.rows.find((r) => r[column(bySigner.data, 'email')] === 'signer1@demo.test');
    expect(row?.[column(bySigner.data, 'signed')]).toBeGreaterThanOrEqual(1);
    expect(row?.[column(bySigner.data, 'rejected')]).toBeGreaterThanOrEqual(1);
    const byPolicy = await run(admin, {
      reportId: 'signaturesByPolicy',
      filters: { policy: ['ESIGNATURE'] },
    });
    expect(byPolicy.data.rows.map((r) => r[0])).toEqual(['ESIGNATURE']);
  });

  it('pending with age lists the ePak still waiting, and on whom; rejections carry the reason', async () => {
    const pending = await run(custodian, { reportId: 'pendingAge' });
    const row = pending.data.rows.find((r) => r[0] === 'Report pending');
    expect(row?.[column(pending.data, 'waitingOn')]).toBe('signer1@demo.test');
    expect(row?.[column(pending.data, 'ageDays')]).toBe(0);
    const rejected = await run(custodian, { reportId: 'rejections' });
    const r = rejected.data.rows.find((x) => x[1] === 'Report rejected');
    expect(r?.[column(rejected.data, 'rejectedBy')]).toBe('signer1@demo.test');
    expect(r?.[column(rejected.data, 'comment')]).toBe('Clause 4 is wrong');
  });

  it('user activity and the audit extract read the activity log; a signer sees only their own actions', async () => {
    const all = await run(admin, { reportId: 'userActivity' });
    expect(all.data.rows.length).toBeGreaterThan(1);
    const own = await run(signer, { reportId: 'auditExtract' });
    const users = new Set(own.data.rows.map((r) => r[column(own.data, 'user')]));
    expect([...users]).toEqual(['signer1@demo.test']);
  });

  it('a signer’s reports count only the ePaks they own or receive', async () => {
    const other = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['admin@demo.test'] }],
      {
        subject: 'Not for the signer',
      },
    );
    expect(other.epakId).toBeTruthy();
    const pending = await run(signer, { reportId: 'pendingAge' });
    expect(pending.data.rows.map((r) => r[0])).toContain('Report pending');
    expect(pending.data.rows.map((r) => r[0])).not.toContain('Not for the signer');
  });

  it('only admins filter by users or groups (-11 for a signer)', async () => {
    const res = await run(signer, { reportId: 'epakVolumes', filters: { userIds: [signer.userId] } });
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });
});

describe('POST /v1/report codes', () => {
  it('-30 for an unknown report', async () => {
    expect((await run(admin, { reportId: 'nothing' })).code).toBe(Code.REPORT_TEMPLATE_MISSING);
  });

  it('-31 for a filter the report does not take, a malformed date or a range that ends before it starts', async () => {
    for (const filters of [
      { quarter: '2026-Q1' },
      { from: '25/11/2026' },
      { from: '2026-11-02', to: '2026-11-01' },
      { tenantId: '00000000-0000-4000-8000-000000000001' },
    ])
      expect((await run(admin, { reportId: 'turnaround', filters })).code, JSON.stringify(filters)).toBe(
        Code.INVALID_REPORT,
      );
  });

  it('-6 for a body that is not a report request', async () => {
    expect((await run(admin, { reportId: 'turnaround', format: 'docx' })).code).toBe(Code.INVALID_INPUT);
  });

  it('the retention list is for admins (-149) and covers this quarter and later ones (-148 for a past one)', async () => {
    expect((await run(custodian, { reportId: 'retentionList' })).code).toBe(
      Code.RETENTION_REPORT_NEEDS_ADMIN,
    );
    expect((await run(admin, { reportId: 'retentionList', filters: { quarter: '2020-Q1' } })).code).toBe(
      Code.QUARTERLY_RETENTION_LIST,
    );
    const now = await run(admin, { reportId: 'retentionList' });
    expect(now.code).toBe(1);
  });
});

describe('POST /v1/report exports', () => {
  it('CSV: a heading row then the rows, UTF-8 with a BOM', async () => {
    const res = await exportFile(custodian, { reportId: 'rejections', format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Rejections-with-reasons.csv"/);
    const [head, ...lines] = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe('Rejected at,Subject,Rejected by,Reason,Comment');
    expect(lines.some((l) => l.includes('Report rejected') && l.includes('Clause 4 is wrong'))).toBe(true);
  });

  it('XLSX: a real workbook with the heading row and the same rows', async () => {
    const res = await exportFile(admin, { reportId: 'signaturesBySigner', format: 'xlsx' });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Signer', 'Email', 'Signed', 'Reviewed', 'Rejected']);
    const emails = sheet?.getColumn(2).values.slice(2);
    expect(emails).toContain('signer1@demo.test');
    const row = sheet
      ?.getRows(2, sheet.rowCount - 1)
      ?.find((r) => r.getCell(2).value === 'signer1@demo.test');
    expect(typeof row?.getCell(3).value).toBe('number');
  });

  it('PDF: the table as a document', async () => {
    const res = await exportFile(custodian, { reportId: 'pendingAge', format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes the file in the language of the request: Hindi headings in the CSV, a French title and headings in the PDF', async () => {
    const csv = await exportFile(custodian, { reportId: 'rejections', format: 'csv' }, 'hi-IN,hi;q=0.9');
    expect(csv.text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(
      [
        REPORT_HEADINGS_HI.rejectedAt,
        REPORT_HEADINGS_HI.subject,
        REPORT_HEADINGS_HI.rejectedBy,
        REPORT_HEADINGS_HI.reason,
        REPORT_HEADINGS_HI.comment,
      ].join(','),
    );
    const pdf = await exportFile(custodian, { reportId: 'pendingAge', format: 'pdf' }, 'fr');
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    expect(text).toContain(REPORT_TITLES_FR.pendingAge);
    expect(text).toContain(REPORT_HEADINGS_FR.waitingOn);
    expect(text).toMatch(/Établi le .* UTC, \d+ lignes/);
    const hindi = await exportFile(custodian, { reportId: 'pendingAge', format: 'pdf' }, 'hi');
    expect(pdfText(hindi.bytes)).toContain(REPORT_TITLES_HI.pendingAge);
  });

  it('an export over the row limit is refused before any byte (-143); a PDF holds at most 5,000 rows', async () => {
    const tenantId = admin.tenantId as string;
    await t.db.system.execute(sql`insert into activity_log (tenant_id, seq, action, details, created_at, prev_hash, hash)
      select ${tenantId}::uuid, 10000000 + g, 'test.bulk', '{}'::jsonb, now(), 'x', 'x' from generate_series(1, 5001) g`);
    const res = await exportFile(admin, { reportId: 'auditExtract', format: 'pdf' });
    expect([res.status, JSON.parse(res.text).code]).toEqual([400, Code.CSV_RECORD_LIMIT]);
    const csv = await exportFile(admin, { reportId: 'auditExtract', format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n').length).toBeGreaterThan(5_002);
  });
});

describe('the super admin', () => {
  it('gets platform-wide reports across tenants, or one tenant’s', async () => {
    const platform = await run(superAdmin, { reportId: 'epakVolumes' });
    expect(platform.code, platform.message).toBe(1);
    expect(platform.data.platformWide).toBe(true);
    const created = (r: ReportResult) => r.rows.reduce((n, row) => n + Number(row[column(r, 'created')]), 0);
    const tenant = await run(admin, { reportId: 'epakVolumes' });
    const other = await composeAndSend(
      t,
      owner.token,
      [{ type: 'SIGN', recipients: ['owner@reports.test'] }],
      {
        subject: 'Elsewhere',
      },
    );
    expect(other.epakId).toBeTruthy();
    const after = await run(superAdmin, { reportId: 'epakVolumes' });
    expect(created(after.data)).toBe(created(platform.data) + 1);
    expect(created(after.data)).toBeGreaterThan(created(tenant.data));
    const one = await run(superAdmin, { reportId: 'epakVolumes', filters: { tenantId: owner.tenantId } });
    expect([one.data.platformWide, created(one.data)]).toEqual([false, 1]);
  });
});

describe('stamp-paper consumption', () => {
  beforeAll(async () => {
    await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { stampPaper: true } },
    });
    const ids: string[] = [];
    for (const [stampId, denomination] of [
      ['REPORT-1', '100'],
      ['REPORT-2', '100'],
      ['REPORT-3', '500'],
    ] as const) {
      const form = multipart(
        [{ name: 'stamp.pdf', bytes: samplePdf('Stamp', 1), type: 'application/pdf', field: 'certificate' }],
        { stampId, stateCode: 'MH', denomination },
      );
      const added = await t.call<{ stampPaperId: string }>('POST', '/v2/stamppaper', {
        token: admin.token,
        body: form.body,
        headers: { 'content-type': form.contentType },
      });
      expect(added.code).toBe(1);
      ids.push(added.data.stampPaperId);
    }
    await t.call('POST', '/v2/stamppaper/assign', {
      token: admin.token,
      body: { stampPaperIds: ids, userIds: [custodian.userId] },
    });
    // Two papers consumed (their ePaks completed); the third stays in a pending ePak.
    for (const [i, id] of ids.entries()) {
      const epak = await composeAndSend(
        t,
        custodian.token,
        [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
        {
          subject: `Stamped ${i}`,
          extra: { stampPaper: { stampPaperId: id } },
        },
      );
      if (i < 2) expect((await signAll(t, signer.token, epak.epakId, epak.documentId)).code).toBe(1);
    }
  }, 120_000);

  it('counts the papers consumed per state and denomination in the period', async () => {
    const res = await run(admin, { reportId: 'stampPaperConsumption' });
    expect(res.data.columns.map((c) => c.key)).toEqual(['state', 'denomination', 'used']);
    expect(res.data.rows).toEqual([['Maharashtra (MH)', 100, 2]]);
    const later = await run(admin, {
      reportId: 'stampPaperConsumption',
      filters: { from: '2999-01-01', to: '2999-01-02' },
    });
    expect(later.data.rows).toEqual([]);
  });

  it('the composer sees the papers they used; a signer and another tenant see none', async () => {
    expect((await run(custodian, { reportId: 'stampPaperConsumption' })).data.rows).toEqual([
      ['Maharashtra (MH)', 100, 2],
    ]);
    expect((await run(signer, { reportId: 'stampPaperConsumption' })).data.rows).toEqual([]);
    expect((await run(owner, { reportId: 'stampPaperConsumption' })).data.rows).toEqual([]);
  });
});

describe('formula injection in report files', () => {
  it('the rejections CSV puts a quote before a subject or comment a spreadsheet would run; the XLSX keeps them as text', async () => {
    const epak = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: '=2+5',
      },
    );
    const reasons = await t.call<{ reasonId: number; kind: string }[]>('GET', '/v1/reasons', {
      token: signer.token,
    });
    const rej = await t.call('POST', `/v2/epaks/${epak.epakId}/reject`, {
      token: signer.token,
      body: {
        reasonId: reasons.data.find((r) => r.kind === 'reject')?.reasonId,
        comment: "-2+3+cmd|' /C calc'!A0",
      },
    });
    expect(rej.code, rej.message).toBe(1);

    const csv = await exportFile(custodian, { reportId: 'rejections', format: 'csv' });
    const line = csv.text.split('\r\n').find((l) => l.includes('=2+5'));
    expect(line).toMatch(/,'=2\+5,/);
    expect(line?.endsWith(`,'-2+3+cmd|' /C calc'!A0`)).toBe(true);

    const xlsx = await exportFile(custodian, { reportId: 'rejections', format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const row = sheet?.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(2).value === '=2+5');
    expect(row?.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(row?.getCell(5).value).toBe("-2+3+cmd|' /C calc'!A0");
    expect(row?.getCell(5).type).toBe(ExcelJS.ValueType.String);
  });
});
