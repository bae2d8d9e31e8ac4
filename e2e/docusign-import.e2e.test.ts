import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { onePagePdf } from './support/pdf.ts';

type Model = { constructFromObject: (data: Record<string, unknown>) => Record<string, unknown> };
// The official DocuSign client's data model (a devDependency of apps/server), as a real export is made.
const ds = createRequire(import.meta.url)('docusign-esign') as Record<string, Model>;
const make = (name: string, data: Record<string, unknown>) => {
  const model = ds[name];
  if (!model) throw new Error(`docusign-esign has no model ${name}`);
  return model.constructFromObject(data);
};

function exportJson(): string {
  const pdf = onePagePdf('Consulting agreement. The consultant signs at /cs/ below.');
  const template = make('EnvelopeTemplate', {
    name: 'Consulting agreement',
    documents: [
      make('Document', {
        documentId: '1',
        name: 'Consulting agreement',
        documentBase64: Buffer.from(pdf).toString('base64'),
      }),
    ],
    recipients: make('Recipients', {
      signers: [
        make('Signer', {
          recipientId: '1',
          roleName: 'Consultant',
          routingOrder: '1',
          tabs: make('Tabs', {
            signHereTabs: [
              make('SignHere', {
                documentId: '1',
                anchorString: '/cs/',
                anchorYOffset: '30',
                anchorXOffset: '0',
              }),
            ],
            dateSignedTabs: [
              make('DateSigned', { documentId: '1', pageNumber: '1', xPosition: '300', yPosition: '700' }),
            ],
            approveTabs: [
              make('Approve', { documentId: '1', pageNumber: '1', xPosition: '300', yPosition: '740' }),
            ],
          }),
        }),
      ],
      carbonCopies: [make('CarbonCopy', { recipientId: '2', roleName: 'Accounts', routingOrder: '2' })],
    }),
  });
  return JSON.stringify(template);
}

describe('importing a DocuSign template (issue 22)', () => {
  const browser = setupBrowser();

  it('a custodian previews a DocuSign export (what will be made, what cannot be mapped), imports it and sends an ePak from it', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByRole('link', { name: 'Workflows' }).first().click();
    await page.getByTestId('page-workflows').waitFor();
    await page.getByTestId('tab-documents').click();

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('docusign-import').click();
    await (await chooser).setFiles({
      name: 'Consulting agreement.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exportJson()),
    });
    const preview = page.getByTestId('docusign-preview');
    await preview.waitFor();
    const shown = (await preview.textContent()) ?? '';
    expect(shown).toContain('Document template “Consulting agreement”');
    expect(shown).toContain('Step 1 · Sign: Consultant');
    expect(shown).toContain('Step 2 · Email: Accounts');
    expect(await page.getByTestId('docusign-unmapped').textContent()).toContain('approveTabs');
    await page.mouse.move(5, 5);
    await expectAccessible(page);
    await page.getByTestId('docusign-confirm').click();
    await page.getByText('Imported. The document template and its workflow are in your lists.').waitFor();

    // ── The imported template composes like any other: the role is filled, the draft opens in the editor.
    const row = page.getByTestId('template-row').filter({ hasText: 'Consulting agreement' }).first();
    await row.waitFor();
    await row.getByTestId('template-use').click();
    await page.getByTestId('use-role-1').fill('signer1@demo.test');
    await page.getByTestId('use-role-2').fill('accounts@example.test');
    await page.getByTestId('use-compose').click();
    await page.getByTestId('tag-editor').waitFor();
    await page.getByRole('button', { name: 'Signature tag for Sanjay Signer on page 1' }).waitFor();
    await page.getByTestId('epak-send').click();
    await page.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(page.url()).searchParams.get('ePakId') ?? '';

    // ── The button speaks Hindi and French too, and nothing scrolls sideways at a phone's 360 px.
    await page.goto('/workflows');
    await page.getByTestId('page-workflows').waitFor();
    await page.getByTestId('tab-documents').click();
    for (const [language, label] of [
      ['hi', 'DocuSign से आयात करें'],
      ['fr', 'Importer depuis DocuSign'],
      ['en', 'Import from DocuSign'],
    ] as const) {
      await page.getByTestId('language-menu').click();
      await page.getByTestId(`language-${language}`).click();
      await page.getByRole('button', { name: label }).waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('docusign-import').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const custodian = await apiSignIn('custodian@demo.test');
    const detail = await callApi<{
      status: string;
      steps: { type: string; recipients: { email: string }[] }[];
    }>('GET', `/v2/epaks/${ePakId}`, { token: custodian.token });
    expect(detail.data.status).toBe('InProgress');
    expect(detail.data.steps.map((s) => [s.type, s.recipients.map((r) => r.email)])).toEqual([
      ['SIGN', ['signer1@demo.test']],
      ['EMAIL', ['accounts@example.test']],
    ]);
  }, 180_000);
});
