import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenantConfiguration } from '@signet/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, baseUrl, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { uploadPdf } from './support/documents.ts';
import { nextMail } from './support/mail.ts';

const APPLICANT = 'web.applicant@outside.test';
const SUBJECT = 'Web application of Asha Rao';

/** Turns the tenant's web-form setting on or off, leaving its other features as they are. */
async function setWebForms(admin: ApiSession, on: boolean): Promise<void> {
  const config = await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token });
  const res = await callApi('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { ...config.data.features, webForm: on } },
  });
  expect(res.code).toBe(1);
}

/** Picks an option of a Mantine select by its visible label. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

let site: Server | undefined;
afterAll(() => new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve())));

/** A plain page of someone's website, served from loopback: the form the admin mapped. */
async function serveSite(snippet: string): Promise<string> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body><h1>Apply</h1>${snippet}</body></html>`;
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}/apply.html`;
}

describe('field mapping (issue 12)', () => {
  const browser = setupBrowser();

  it('an admin maps a website form to a template and workflow; the form posted from a plain page starts an ePak whose first signer gets the mail; a used mapping cannot be deleted', async () => {
    const admin = await apiSignIn('admin@demo.test');
    await setWebForms(admin, false);
    try {
      // ── Set-up the journey is not about: a workflow and a document template with two fields.
      const workflow = await callApi<{ workflowId: string }>('POST', '/v2/workflows', {
        token: admin.token,
        body: { name: 'Web application flow', steps: [{ type: 'SIGN', name: 'Sign', recipients: [] }] },
      });
      expect(workflow.code).toBe(1);
      const documentId = await uploadPdf(admin, 'Application.pdf');
      const template = await callApi<{ id: string }>('POST', '/v1/documenttemplates', {
        token: admin.token,
        body: {
          templateName: 'Web application form',
          type: 'Shared',
          workflowTemplateId: workflow.data.workflowId,
          documentIds: [documentId],
          tags: [
            {
              key: 'text',
              type: 'text',
              name: 'fullName',
              tagFor: 'custodian',
              pageNumber: 1,
              positionX: 72,
              positionY: 140,
              blockWidth: 220,
              blockHeight: 20,
            },
            {
              key: 'signature',
              type: 'signature',
              wfsOrderId: 1,
              signerIndex: 0,
              pageNumber: 1,
              positionX: 72,
              positionY: 300,
              blockWidth: 160,
              blockHeight: 50,
            },
          ],
        },
      });
      expect(template.code, template.message).toBe(1);

      // ── While the setting is off the page says where to turn it on.
      const page = await browser.newPage();
      await signInAndWait(page, 'admin@demo.test');
      await page.goto('/fieldsmapping');
      await page.getByTestId('webforms-off').waitFor();
      expect(await page.getByTestId('webforms-off').textContent()).toContain('Admin → Settings → Features');
      await expectAccessible(page);

      // ── On: the admin maps the form in the UI.
      await setWebForms(admin, true);
      await page.reload();
      await page.getByTestId('webforms-empty').waitFor();
      await expectAccessible(page);
      await page.getByTestId('webform-create').click();
      const editor = page.getByRole('dialog', { name: 'New web-form mapping' });
      await editor.waitFor();
      await editor.getByTestId('webform-name').fill('Website application');
      await choose(page, editor.getByTestId('webform-document'), 'Web application form');
      // The template brings its own workflow, which is chosen for it.
      expect(await editor.getByTestId('webform-workflow').inputValue()).toBe(
        "The template's own workflow (Web application flow)",
      );
      const inputs = editor.getByTestId('webform-inputs');
      for (const name of ['fullName', 'email', 'first', 'title']) {
        await inputs.fill(name);
        await inputs.press('Enter');
      }
      await editor.locator('[data-testid="webform-input-row"][data-input="title"]').waitFor();
      // An input named like a field fills it; the others are chosen.
      expect(await editor.getByLabel('What fullName fills', { exact: true }).inputValue()).toBe('fullName');
      await choose(
        page,
        editor.getByLabel('What email fills', { exact: true }),
        'Step 1 (Sign), recipient 1: email',
      );
      await choose(
        page,
        editor.getByLabel('What first fills', { exact: true }),
        'Step 1 (Sign), recipient 1: first name',
      );
      await choose(page, editor.getByLabel('What title fills', { exact: true }), 'The package subject');
      await expectAccessible(page);
      await editor.getByTestId('webform-save').click();
      await editor.waitFor({ state: 'hidden' });
      const row = page.locator('[data-testid="webform-row"][data-name="Website application"]');
      await row.waitFor();
      expect(await row.textContent()).toContain('fullName, email, first, title');

      // ── The form API: URL with its key and an HTML form to paste into the site.
      // The row's three actions are behind its menu (DataTable).
      await row.getByRole('button', { name: 'Actions for Website application' }).click();
      await page.getByRole('menuitem', { name: 'Form API of Website application' }).click();
      const apiDialog = page.getByRole('dialog', { name: 'Form API: Website application' });
      await apiDialog.getByTestId('webform-api-snippet').waitFor();
      await expectAccessible(page);
      const url = await apiDialog.getByTestId('webform-api-url').inputValue();
      expect(url.startsWith(`${baseUrl()}/msbapi/public/webform/`)).toBe(true);
      const snippet = (await apiDialog.getByTestId('webform-api-snippet').textContent()) ?? '';
      expect(snippet).toContain(`action="${url}"`);
      await apiDialog.getByTestId('webform-api-close').click();

      // ── Someone fills the form on the website and sends it, in Chromium.
      const visitor = await browser.newPage();
      await visitor.goto(await serveSite(snippet));
      await visitor.locator('input[name="fullName"]').fill('Asha Rao');
      await visitor.locator('input[name="email"]').fill(APPLICANT);
      await visitor.locator('input[name="first"]').fill('Asha');
      await visitor.locator('input[name="title"]').fill(SUBJECT);
      await Promise.all([
        visitor.waitForURL(/\/msbapi\/public\/webform\//),
        visitor.getByRole('button', { name: 'Send' }).click(),
      ]);
      const answer = JSON.parse((await visitor.locator('body').textContent()) ?? '{}') as {
        code: number;
        data: { ePakId: string; status: string };
      };
      expect(answer).toMatchObject({ code: 1, data: { status: 'InProgress' } });

      // ── The ePak appears for the admin (its sender), filled in; the applicant gets the signing mail.
      const mail = await nextMail(APPLICANT, /sign/i);
      expect(mail.text).toContain('/sign?easytoken=');
      await page.goto('/dashboard');
      await page.getByTestId('folder-Pending').click();
      const listed = page.getByTestId(`epak-row-${answer.data.ePakId}`);
      await listed.waitFor();
      expect(await listed.textContent()).toContain(SUBJECT);
      const epak = await callApi<{ documents: { id: string }[] }>('GET', `/v2/epaks/${answer.data.ePakId}`, {
        token: admin.token,
      });
      const tags = await callApi<{ name: string; value: string | null }[]>(
        'GET',
        `/v2/epaks/${answer.data.ePakId}/documents/${epak.data.documents[0]?.id}/signatureblocks`,
        { token: admin.token },
      );
      expect(tags.data.find((x) => x.name === 'fullName')?.value).toBe('Asha Rao');

      // ── The mapping now has an ePak: deleting it is refused in plain words (-183).
      await page.goto('/fieldsmapping');
      await row.waitFor();
      expect(await row.getByTestId('webform-epaks').textContent()).toBe('1');
      await row.getByRole('button', { name: 'Actions for Website application' }).click();
      await page.getByRole('menuitem', { name: 'Delete Website application' }).click();
      await page.getByTestId('confirm-ok').click();
      await page.getByText('This mapping has already started 1 package, so it cannot be deleted.').waitFor();
      expect(await row.count()).toBe(1);

      // ── The page speaks Hindi and French too.
      for (const [language, title] of [
        ['hi', 'फ़ील्ड मैपिंग'],
        ['fr', 'Correspondance des champs'],
      ] as const) {
        await page.getByTestId('language-menu').click();
        await page.getByTestId(`language-${language}`).click();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        // The language menu closes with an animation; axe looks at the page once it has gone.
        await page.getByRole('menu').waitFor({ state: 'detached' });
        await expectAccessible(page);
      }
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-en').click();
    } finally {
      await setWebForms(admin, false);
    }
  });
});
