import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiSignIn,
  baseUrl,
  callApi,
  menuEntryKeys,
  openMenuEntry,
  setupBrowser,
  signInAndWait,
} from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { onePagePdf } from './support/pdf.ts';

const STAMP = Date.now().toString(36);
const SUBJECT = `Report journey ${STAMP}`;
const COMMENT = `Clause ${STAMP} is wrong`;

/** An ePak sent by the custodian and rejected by signer1 with a comment (through the API). */
async function rejectedEpak(): Promise<void> {
  const custodian = await apiSignIn('custodian@demo.test');
  const form = new FormData();
  form.append('file', new Blob([onePagePdf(SUBJECT)], { type: 'application/pdf' }), 'r.pdf');
  const up = await fetch(`${baseUrl()}/msbapi/v1/documents`, {
    method: 'POST',
    headers: { access_token: custodian.token },
    body: form,
  });
  const documentId = ((await up.json()) as { data: { documentId: string }[] }).data[0]?.documentId ?? '';
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: {
      documentIds: [documentId],
      subject: SUBJECT,
      steps: [{ type: 'REVIEW', recipients: [{ email: 'signer1@demo.test' }] }],
    },
  });
  expect(created.code, created.message).toBe(1);
  const epakId = created.data.ePakId;
  expect((await callApi('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token })).code).toBe(1);
  const signer = await apiSignIn('signer1@demo.test');
  const reasons = await callApi<{ reasonId: number; kind: string }[]>('GET', '/v1/reasons', {
    token: signer.token,
  });
  const reason = reasons.data.find((r) => r.kind === 'reject');
  const rejected = await callApi('POST', `/v2/epaks/${epakId}/reject`, {
    token: signer.token,
    body: { reasonId: reason?.reasonId, comment: COMMENT },
  });
  expect(rejected.code, rejected.message).toBe(1);
}

/** The workbook's rows as LibreOffice reads them (converted to CSV), else as exceljs reads them. */
async function workbookText(file: string): Promise<{ text: string; reader: string }> {
  if (existsSync('/usr/bin/soffice')) {
    const out = mkdtempSync(join(tmpdir(), 'signet-report-csv-'));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${out}/profile`,
        '--headless',
        '--convert-to',
        'csv',
        '--outdir',
        out,
        file,
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    return { text: readFileSync(join(out, 'report.csv'), 'utf8'), reader: 'LibreOffice' };
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).join(','));
  });
  return { text: rows.join('\n'), reader: 'exceljs' };
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), state).toEqual([]);
}

describe('reports (issue 15)', () => {
  const browser = setupBrowser();

  it('a custodian runs the rejections report, sees the row with its reason in the table, and exports a workbook LibreOffice opens', async () => {
    await rejectedEpak();
    const page = await browser.newPage({ acceptDownloads: true });
    await signInAndWait(page, 'custodian@demo.test');
    await openMenuEntry(page, 'reports');
    await page.getByTestId('page-reports').waitFor();
    // The pointer would stay on the menu button just clicked; the checks are about this screen.
    await page.mouse.move(700, 600);
    await page.getByTestId('report-epakVolumes').waitFor();
    await expectAccessible(page, 'catalogue');

    await page.getByTestId('report-rejections').click();
    await page.getByTestId('report-run').click();
    const row = page.getByTestId('report-table').getByRole('row').filter({ hasText: SUBJECT });
    await row.waitFor();
    expect(await row.textContent()).toContain(COMMENT);
    expect(await row.textContent()).toContain('signer1@demo.test');
    await expectAccessible(page, 'result');

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export-xlsx').click();
    const dir = mkdtempSync(join(tmpdir(), 'signet-report-'));
    const file = join(dir, 'report.xlsx');
    // The browser runs apart from the test (connected remotely): the download is saved here.
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const { text } = await workbookText(file);
    expect(text.split(/\r?\n/)[0]).toBe('Rejected at,Subject,Rejected by,Reason,Comment');
    expect(text).toContain(SUBJECT);
    expect(text).toContain(COMMENT);
  });

  it('the volumes report draws its chart; an admin narrows a report to one person; a registrar has no reports in the menu', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto('/reports');
    await page.getByTestId('report-epakVolumes').click();
    await page.getByTestId('report-run').click();
    await page.getByTestId('report-chart').waitFor();
    expect(await page.getByTestId('report-count').textContent()).toMatch(/\d/);
    await expectAccessible(page, 'chart');

    // An admin narrows signatures by signer to one person with the users filter.
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/reports');
    await admin.getByTestId('report-signaturesBySigner').click();
    await admin.getByTestId('report-users').click();
    await admin.getByTestId('report-users').fill('signer1');
    await admin.getByRole('option', { name: /signer1@demo\.test/ }).click();
    // A multi-select stays open for more picks; Escape closes it.
    await admin.keyboard.press('Escape');
    await admin.getByTestId('report-run').click();
    await admin.getByTestId('report-table').waitFor();
    const emails = await admin
      .getByTestId('report-table')
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    expect(emails).toEqual(['signer1@demo.test']);

    const registrar = await browser.newPage();
    await signInAndWait(registrar, 'registrar@demo.test');
    expect(await menuEntryKeys(registrar)).not.toContain('reports');
  });
});
