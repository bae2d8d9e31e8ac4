import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { uploadPdf } from './support/documents.ts';
import { downloadText } from './support/journeys.ts';

const STAMP = Date.now().toString(36);

/** A document template whose workflow has two roles, a signature tag each and a Salary field. */
async function makeTemplate(custodian: ApiSession, name: string): Promise<void> {
  const workflow = await callApi<{ workflowId: string }>('POST', '/v2/workflows', {
    token: custodian.token,
    body: {
      name: `${name} flow`,
      shared: false,
      steps: [
        { type: 'SIGN', recipients: [{ kind: 'role', role: 'Employee' }] },
        { type: 'SIGN', recipients: [{ kind: 'role', role: 'Manager' }] },
      ],
    },
  });
  expect(workflow.code).toBe(1);
  const signature = (step: number, x: number) => ({
    key: 'signature',
    type: 'signature',
    wfsOrderId: step,
    signerIndex: 0,
    pageNumber: 1,
    positionX: x,
    positionY: 600,
    blockWidth: 160,
    blockHeight: 50,
  });
  const template = await callApi<{ id: string }>('POST', '/v1/documenttemplates', {
    token: custodian.token,
    body: {
      templateName: name,
      workflowTemplateId: workflow.data.workflowId,
      documentIds: [await uploadPdf(custodian, `${name}.pdf`)],
      tags: [
        signature(1, 60),
        signature(2, 300),
        {
          key: 'text',
          type: 'text',
          label: 'Salary',
          tagFor: 'custodian',
          pageNumber: 1,
          positionX: 60,
          positionY: 500,
          blockWidth: 160,
          blockHeight: 20,
        },
      ],
    },
  });
  expect(template.code).toBe(1);
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-file').click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

async function finished(page: Page): Promise<void> {
  await page.locator('[data-testid="bulk-run"][data-status="completed"]').waitFor({ timeout: 60_000 });
}

describe('bulk compose (issue 13)', () => {
  const browser = setupBrowser();

  it('a custodian picks a document template, downloads its header, uploads 10 rows of which 2 are bad, sees the progress and the result, fixes the failed rows from the returned CSV and every row becomes an ePak in progress', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const templateName = `Offer letter ${STAMP}`;
    await makeTemplate(custodian, templateName);

    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    // The compose dropdown of the top menu holds bulk compose (spec §2).
    await page.goto('/bulkcompose');
    await page.getByTestId('page-bulkcompose').waitFor();
    await expectAccessible(page);

    await page.getByTestId('bulk-template').click();
    await page.getByRole('option', { name: templateName }).click();
    await page.getByTestId('bulk-layout').waitFor();
    await expect(page.getByTestId('bulk-layout').textContent()).resolves.toMatch(
      /Employee.*Manager.*Salary/s,
    );
    await expectAccessible(page);

    const header = (await downloadText(page, 'bulk-download-header')).trim();
    expect(header).toBe(
      'subject,Employee.email,Employee.firstName,Employee.lastName,Employee.phone,Employee.countryCode,Manager.email,Manager.firstName,Manager.lastName,Manager.phone,Manager.countryCode,field.Salary',
    );
    const row = (i: number, email = `bulk.${STAMP}.${i}@outside.test`, phone = '9876543210') =>
      [
        `Offer ${STAMP} ${i}`,
        email,
        `Emp${i}`,
        'Rao',
        phone,
        '+91',
        'signer1@demo.test',
        'Sanjay',
        'One',
        '',
        '',
        `${60_000 + i}`,
      ].join(',');
    const rows = Array.from({ length: 10 }, (_, k) => {
      const i = k + 1;
      if (i === 4) return row(i, 'not-an-email');
      if (i === 9) return row(i, undefined, '12');
      return row(i);
    });
    await chooseFile(page, 'offers.csv', `${header}\r\n${rows.join('\r\n')}\r\n`);
    await page.getByTestId('bulk-upload').click();
    await page.getByTestId('bulk-run').waitFor();
    await expect(page.getByTestId('bulk-run-progress').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await finished(page);
    await expect(page.getByTestId('bulk-run-counts').textContent()).resolves.toMatch(
      /10 of 10 rows done: 8 sent, 2 failed/,
    );
    await expect(page.getByTestId('bulk-run-failures').textContent()).resolves.toMatch(
      /5.*email.*10.*phone/is,
    );
    await expectAccessible(page);

    const failed = await downloadText(page, 'bulk-run-download-failed');
    const lines = failed.trim().split(/\r\n/);
    expect(lines[0]).toBe(`${header},code,message`);
    expect(lines).toHaveLength(3);
    const fixed = failed
      .replace('not-an-email', `bulk.${STAMP}.4@outside.test`)
      .replace(',12,+91,', ',9876543219,+91,');
    await chooseFile(page, 'offers-failed.csv', fixed);
    await page.getByTestId('bulk-upload').click();
    await page.locator('[data-testid="bulk-run"]', { hasText: 'offers-failed.csv' }).waitFor();
    await finished(page);
    await page.getByTestId('bulk-run-all-sent').waitFor();
    await expect(page.getByTestId('bulk-run-counts').textContent()).resolves.toMatch(
      /2 of 2 rows done: 2 sent, 0 failed/,
    );
    await expectAccessible(page);

    const pending = await callApi<{ subject: string; status: string }[]>(
      'GET',
      `/v2/epaks?folder=Pending&size=100&searchKey=subject&searchVal=${encodeURIComponent(`Offer ${STAMP}`)}`,
      { token: custodian.token },
    );
    expect(pending.code).toBe(1);
    const mine = pending.data.filter((e) => e.subject.startsWith(`Offer ${STAMP} `));
    expect(mine.map((e) => e.subject).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `Offer ${STAMP} ${k + 1}`).sort(),
    );
    expect(new Set(mine.map((e) => e.status))).toEqual(new Set(['InProgress']));
  });
});
