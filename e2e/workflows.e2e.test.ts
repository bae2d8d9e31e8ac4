import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, baseUrl, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { onePagePdf } from './support/pdf.ts';

const tagCount = (page: Page) => page.getByTestId('placed-tag').count();

async function addRole(page: Page, role: string): Promise<void> {
  const input = page.getByTestId('wf-step-1-roles');
  await input.fill(role);
  await input.press('Enter');
}

/** Clicks what downloads a file (within `scope`: other journeys leave their templates listed) and answers its bytes. */
async function downloadBytes(page: Page, scope: Locator, testId: string): Promise<Uint8Array> {
  const started = page.waitForEvent('download');
  await scope.getByTestId(testId).click();
  const stream = await (await started).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

describe('workflows and templates (issue 13)', () => {
  const browser = setupBrowser();

  it('a custodian makes a workflow with two signer roles and a document template with a signature for each, exports it, and composes an ePak from it filling the roles; the export imports into another tenant', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByRole('link', { name: 'Workflows' }).first().click();
    await page.getByTestId('page-workflows').waitFor();
    // Away from the menu: axe judges the page, not the hover colours of the link just clicked.
    await page.mouse.move(600, 500);
    await expectAccessible(page);

    // ── A workflow template: one signing step whose two signers are roles filled at compose.
    await page.getByTestId('workflow-new').click();
    await page.getByTestId('workflow-name').waitFor();
    await page.getByTestId('workflow-name').fill('Loan agreement');
    await addRole(page, 'Borrower');
    await addRole(page, 'Guarantor');
    await page.getByTestId('workflow-expiry-days').fill('30');
    await expectAccessible(page);
    await page.getByTestId('workflow-save').click();
    await page.getByTestId('workflow-name').waitFor({ state: 'detached' });
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Loan agreement' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Borrower, Guarantor');

    // ── A document template: uploaded (with progress), paired with the workflow.
    await page.getByTestId('tab-documents').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('template-upload').click();
    await (await chooser).setFiles({
      name: 'Loan agreement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(onePagePdf('Loan agreement between the lender, the borrower and the guarantor')),
    });
    const template = page.getByTestId('template-row').filter({ hasText: 'Loan agreement' });
    await template.waitFor();
    await template.getByTestId('template-workflow').click();
    await page.getByRole('option', { name: 'Loan agreement', exact: true }).click();
    await page.getByText('Saved.').first().waitFor();
    await expectAccessible(page);

    // ── Its tags, placed once in compose's tag editor: a signature for each role.
    // The row's actions are behind its menu (DataTable, more than two actions).
    await template.getByTestId('template-actions').click();
    await page.getByRole('menu').getByTestId('template-tags').click();
    await page.getByTestId('template-tag-editor').waitFor();
    await page.getByTestId('pdf-page-1').waitFor();
    const surface = page.getByTestId('page-surface-1');
    await surface.click({ position: { x: 60, y: 250 } });
    // The signature stays armed: the same tag for the next role.
    await page.getByRole('radio', { name: 'the Guarantor Step 1' }).click();
    await surface.click({ position: { x: 60, y: 400 } });
    expect(await tagCount(page)).toBe(2);
    await page.getByRole('button', { name: 'Signature tag for the Guarantor on page 1' }).waitFor();
    await expectAccessible(page);
    await page.getByTestId('template-tags-save').click();
    await page.getByText('Saved.').first().waitFor();
    await page.getByRole('link', { name: 'Back to the templates' }).click();

    // ── Exported: a zip with template.json (the tags and the workflow) and the PDF.
    const listed = page.getByTestId('template-row').filter({ hasText: 'Loan agreement' });
    // The list may first show its cached rows (no tags yet), then the refetched ones: wait for the two tags.
    await listed.getByRole('cell', { name: '2', exact: true }).waitFor();
    await listed.getByTestId('template-actions').click();
    const zip = await downloadBytes(page, page.getByRole('menu'), 'template-export');
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['documents/1-Loan agreement.pdf', 'template.json']);
    const manifest = JSON.parse(new TextDecoder().decode(files['template.json']));
    expect(manifest.template.tags.map((t: { signerIndex: number }) => t.signerIndex)).toEqual([0, 1]);
    expect(manifest.workflow).toMatchObject({ name: 'Loan agreement', expiryDays: 30 });

    // ── Composed from the template: the dialog asks for each role, then the draft opens in the editor.
    // "Use" is the row's main action: a button of its own, not in the menu.
    await listed.getByTestId('template-use').click();
    await page.getByTestId('use-subject').waitFor();
    await page.getByTestId('use-compose').click();
    await page.getByText('Please enter a valid email address.').first().waitFor();
    await page.getByTestId('use-role-1').fill('signer1@demo.test');
    await page.getByTestId('use-role-2').fill('signer2@demo.test');
    await page.getByTestId('use-subject').fill('Loan agreement — Sanjay and Sara');
    await expectAccessible(page);
    await page.getByTestId('use-compose').click();
    await page.getByTestId('tag-editor').waitFor();
    await page.getByRole('button', { name: 'Signature tag for Sanjay Signer on page 1' }).waitFor();
    await page.getByRole('button', { name: 'Signature tag for Sara Signer on page 1' }).waitFor();
    await page.getByTestId('epak-send').click();
    await page.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(page.url()).searchParams.get('ePakId') ?? '';
    // In progress: in the custodian's Pending folder.
    await page.goto('/dashboard');
    await page.getByTestId('folder-Pending').click();
    expect(await page.getByTestId(`epak-row-${ePakId}`).textContent()).toContain(
      'Loan agreement — Sanjay and Sara',
    );

    const custodian = await apiSignIn('custodian@demo.test');
    const detail = await callApi<{
      status: string;
      subject: string;
      expiresOn: string | null;
      steps: { recipients: { email: string; status: string }[] }[];
    }>('GET', `/v2/epaks/${ePakId}`, { token: custodian.token });
    expect(detail.data).toMatchObject({ status: 'InProgress', subject: 'Loan agreement — Sanjay and Sara' });
    expect(detail.data.expiresOn).not.toBeNull();
    expect(detail.data.steps[0]?.recipients.map((r) => [r.email, r.status])).toEqual([
      ['signer1@demo.test', 'Pending'],
      ['signer2@demo.test', 'Pending'],
    ]);

    // ── The export imports into another tenant (API level).
    const other = await apiSignIn('admin@other.test');
    const form = new FormData();
    form.append('file', new Blob([zip], { type: 'application/zip' }), 'Loan agreement.zip');
    const imported = (await (
      await fetch(`${baseUrl()}/msbapi/v2/documenttemplate/import`, {
        method: 'POST',
        headers: { access_token: other.token },
        body: form,
      })
    ).json()) as {
      code: number;
      data: { documentTemplate: { templateName: string; tags: unknown[] }; workflow: { name: string } };
    };
    expect(imported.code).toBe(1);
    expect(imported.data.documentTemplate.templateName).toBe('Loan agreement');
    expect(imported.data.documentTemplate.tags).toHaveLength(2);
    expect(imported.data.workflow.name).toBe('Loan agreement');
  }, 180_000);
});
