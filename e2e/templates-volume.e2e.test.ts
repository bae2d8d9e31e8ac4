import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { bulkSignDone, signOnce } from './support/bulk.ts';
import { downloadEpakDocument } from './support/documents.ts';
import { downloadText } from './support/journeys.ts';
import { onePagePdf } from './support/pdf.ts';

// Issue 13's journey from end to end: a template made in the UI, 50 ePaks composed from a CSV,
// and all 50 signed in one action by their signer.
const SIGNER = 'signer2@demo.test';
const PIN = '3691';
const ROWS = 50;

async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-file').click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await page.getByTestId('bulk-upload').click();
  await page.locator('[data-testid="bulk-run"]', { hasText: name }).waitFor();
  await page.locator('[data-testid="bulk-run"][data-status="completed"]').waitFor({ timeout: 120_000 });
}

/** A one-step INTERNAL workflow for the role Employee, and a document template with the role's signature. */
async function makeTemplateInUi(page: Page, name: string): Promise<void> {
  await page.goto('/workflows');
  await page.getByTestId('page-workflows').waitFor();
  await page.getByTestId('workflow-new').click();
  await page.getByTestId('workflow-name').fill(name);
  await choose(page, 'wf-step-1-policy', 'Personal certificate with a PIN (INTERNAL)');
  const roles = page.getByTestId('wf-step-1-roles');
  await roles.fill('Employee');
  await roles.press('Enter');
  await page.getByTestId('workflow-save').click();
  await page.getByTestId('workflow-name').waitFor({ state: 'detached' });
  await page.getByTestId('workflow-row').filter({ hasText: name }).waitFor();

  await page.getByTestId('tab-documents').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('template-upload').click();
  await (await chooser).setFiles({
    name: `${name}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(onePagePdf(`${name}: the terms of employment`)),
  });
  const template = page.getByTestId('template-row').filter({ hasText: name });
  await template.waitFor();
  await template.getByTestId('template-workflow').click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByText('Saved.').first().waitFor();
  await template.getByTestId('template-actions').click();
  await page.getByRole('menu').getByTestId('template-tags').click();
  await page.getByTestId('pdf-page-1').waitFor();
  await page.getByTestId('page-surface-1').click({ position: { x: 60, y: 250 } });
  await page.getByRole('button', { name: 'Signature tag for the Employee on page 1' }).waitFor();
  await page.getByTestId('template-tags-save').click();
  await page.getByText('Saved.').first().waitFor();
}

describe('templates and volume (issue 13)', () => {
  const browser = setupBrowser();

  it('a custodian makes a document template, bulk-composes 50 rows of which 2 are bad, fixes them from the returned CSV, and the signer bulk-signs all 50, every downloaded PDF valid in pdfsig', async () => {
    const stamp = Date.now().toString(36);
    const name = `Volume letter ${stamp}`;
    const custodianPage = await browser.newPage();
    await signInAndWait(custodianPage, 'custodian@demo.test');
    await makeTemplateInUi(custodianPage, name);

    // ── Bulk compose: the header from the template, 50 rows, two of them bad.
    const page = custodianPage;
    await page.goto('/bulkcompose');
    await page.getByTestId('page-bulkcompose').waitFor();
    await choose(page, 'bulk-template', name);
    await page.getByTestId('bulk-layout').waitFor();
    const header = (await downloadText(page, 'bulk-download-header')).trim();
    expect(header).toBe(
      'subject,Employee.email,Employee.firstName,Employee.lastName,Employee.phone,Employee.countryCode',
    );
    const row = (i: number, email = SIGNER, phone = '') =>
      [`${name} ${String(i).padStart(2, '0')}`, email, 'Sara', 'Signer', phone, phone ? '+91' : ''].join(',');
    const rows = Array.from({ length: ROWS }, (_, k) => {
      if (k === 11) return row(k + 1, 'signer2-at-demo.test');
      if (k === 37) return row(k + 1, SIGNER, '12');
      return row(k + 1);
    });
    await chooseCsv(page, 'letters.csv', `${header}\r\n${rows.join('\r\n')}\r\n`);
    await expect(page.getByTestId('bulk-run-counts').textContent()).resolves.toMatch(
      /50 of 50 rows done: 48 sent, 2 failed/,
    );
    await expectAccessible(page);

    // ── The failed rows come back with their code and message; fixed, they go too.
    const failed = await downloadText(page, 'bulk-run-download-failed');
    expect(failed.trim().split(/\r\n/)).toHaveLength(3);
    const fixed = failed.replace('signer2-at-demo.test', SIGNER).replace(`,12,+91,`, ',,,');
    await chooseCsv(page, 'letters-fixed.csv', fixed);
    await page.getByTestId('bulk-run-all-sent').waitFor();

    // ── The signer selects every matching ePak across pages and signs them in one action.
    const signerPage = await browser.newPage();
    await signInAndWait(signerPage, SIGNER);
    await signerPage.goto(`/dashboard?searchKey=subject&searchVal=${encodeURIComponent(name)}`);
    await signerPage.getByTestId('epak-table').waitFor();
    await signerPage.getByTestId('bulk-select-page').click();
    await expect.poll(() => signerPage.getByTestId('bulk-selected-count').textContent()).toBe('20 selected');
    await signerPage.getByTestId('bulk-select-all-matching').click();
    await expect.poll(() => signerPage.getByTestId('bulk-selected-count').textContent()).toBe('50 selected');
    // Away from the button just clicked: axe judges the page, not its hover colours.
    await signerPage.mouse.move(600, 500);
    await expectAccessible(signerPage);
    await signerPage.getByTestId('bulk-sign').click();
    await signOnce(signerPage, 'Sara Signer', PIN, false);
    expect(await bulkSignDone(signerPage, 300_000)).toBe('50 of 50 done: 50 signed, 0 skipped');
    await expectAccessible(signerPage);

    // ── Every ePak is completed, its PDF signed once and valid in pdfsig.
    const custodian = await apiSignIn('custodian@demo.test');
    const completed = await callApi<{ ePakId: string; subject: string }[]>(
      'GET',
      `/v2/epaks?folder=Completed&size=100&searchKey=subject&searchVal=${encodeURIComponent(name)}`,
      { token: custodian.token },
    );
    const mine = completed.data.filter((e) => e.subject.startsWith(`${name} `));
    expect(mine).toHaveLength(ROWS);
    const nss = nssDbTrusting([]);
    try {
      for (const ePak of mine) {
        const detail = await callApi<{ documents: { id: string }[] }>('GET', `/v2/epaks/${ePak.ePakId}`, {
          token: custodian.token,
        });
        const documentId = detail.data.documents[0]?.id ?? '';
        const pdf = await downloadEpakDocument(custodian, ePak.ePakId, documentId);
        const signatures = await pdfsig(pdf, nss.dir);
        expect(signatures.map((s) => [s.valid, s.totalDocumentSigned])).toEqual([[true, true]]);
        expect(qpdfCheck(pdf)).toBeUndefined();
      }
    } finally {
      nss.close();
    }
  }, 600_000);
});
