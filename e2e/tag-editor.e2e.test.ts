import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type ApiSession,
  apiSignIn,
  baseUrl,
  callApi,
  setupBrowser,
  signIn,
  signInAndWait,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pagesPdf } from './support/pdf.ts';
import { sidewaysOverflow } from './support/phone.ts';

const SARA = { email: 'signer2@demo.test', firstName: 'Sara', lastName: 'Signer' };
const SANJAY = { email: 'signer1@demo.test' };

/** A draft ePak of a two-page contract for two signers in parallel, made through the API. */
async function twoSignerDraft(custodian: ApiSession, subject: string): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([pagesPdf([`${subject}, page 1`, `${subject}, page 2`])], { type: 'application/pdf' }),
    `${subject}.pdf`,
  );
  const upload = await fetch(`${baseUrl()}/msbapi/v1/documents`, {
    method: 'POST',
    headers: { access_token: custodian.token },
    body: form,
  });
  const documentId = ((await upload.json()) as { data: { documentId: string }[] }).data[0]?.documentId;
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: { documentIds: [documentId], subject, steps: [{ type: 'SIGN', recipients: [SANJAY, SARA] }] },
  });
  expect(created.code).toBe(1);
  return created.data.ePakId;
}

const tags = (page: Page) => page.getByTestId('placed-tag');

/** Whether `inner` is at least partly inside the scrolling pages' visible box. */
async function inView(page: Page, inner: Locator): Promise<boolean> {
  const box = await inner.boundingBox();
  const pages = await page.locator('[data-scroll-pages]').boundingBox();
  if (!box || !pages) return false;
  return box.y < pages.y + pages.height && box.y + box.height > pages.y;
}

describe('the tag editor (issue 31)', () => {
  const browser = setupBrowser();

  it('a two-signer contract goes from upload to sent in four clicks: upload, continue, a signature for each signer, send', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto('/compose');
    // Each click (or tap) the custodian makes; typing is not counted.
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    clicks++; // the dropzone's file chooser
    await page.getByTestId('upload-input').setInputFiles({
      name: 'Contract.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pagesPdf(['Contract, page 1', 'Contract, page 2'])),
    });
    await page.getByTestId('uploaded-document').waitFor();
    // The cursor waits in the first step's recipients once the document is in.
    const signers = page.getByTestId('step-1-signers');
    await expect.poll(() => signers.evaluate((el) => el === document.activeElement)).toBe(true);
    await signers.fill('signer1@demo.test;signer2@demo.test');
    await signers.press('Enter');
    await page.getByText('signer2@demo.test').first().waitFor();
    await click(page.getByTestId('compose-continue'));
    await page.getByTestId('tag-editor').waitFor();
    await page.getByTestId('pdf-page-2').waitFor();
    // Recipients by name, their step and email under it.
    const sara = page.getByRole('radio', { name: /Sara Signer/ });
    expect(await sara.textContent()).toContain('Step 1 · signer2@demo.test');
    await click(page.getByTestId('tags-sign-each'));
    await expect.poll(() => tags(page).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Signature tag for Sara Signer on page 2' }).count()).toBe(
      1,
    );
    await click(page.getByTestId('epak-send'));
    await page.waitForURL(/\/dashboard\?ePakId=/);
    // Before issue 31 it took eight: upload, the recipients field, continue, the page, the
    // recipient drop-down and its option, the page again, send.
    expect(clicks).toBe(4);
  });

  it('a tag dragged from the palette lands on the page, and the send check takes the custodian to the signer without a signature', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const ePakId = await twoSignerDraft(custodian, 'Drag contract');
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto(`/compose?ePakId=${ePakId}`);
    await page.getByTestId('pdf-page-2').waitFor();

    // The first signer's signature, dragged from the palette onto page 1.
    await page
      .getByTestId('palette-signature')
      .dragTo(page.getByTestId('page-surface-1'), { targetPosition: { x: 200, y: 500 } });
    await expect.poll(() => tags(page).count()).toBe(1);
    expect(await tags(page).first().getAttribute('data-tag-type')).toBe('signature');

    // Sara gets a text field on page 2 but no signature.
    await page.getByRole('radio', { name: /Sara Signer/ }).click();
    await page
      .getByTestId('palette-text')
      .dragTo(page.getByTestId('page-surface-2'), { targetPosition: { x: 200, y: 300 } });
    await page.getByRole('button', { name: 'Text tag for Sara Signer on page 2' }).waitFor();
    // Back to the first signer, and to the top of the document.
    await page.getByRole('radio', { name: /signer1@demo\.test/ }).click();
    await page.locator('[data-scroll-pages]').evaluate((el) => el.scrollTo({ top: 0 }));
    expect(await inView(page, page.getByTestId('page-surface-2'))).toBe(false);

    await page.getByTestId('epak-send').click();
    await page.getByText('Sara Signer needs a signature tag.').waitFor();
    // Sara is chosen, the signature is in hand, and her page is on screen.
    await expect.poll(() => page.getByRole('radio', { name: /Sara Signer/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('palette-signature').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => inView(page, page.getByTestId('page-surface-2'))).toBe(true);
    await page.getByTestId('page-surface-2').click({ position: { x: 60, y: 500 } });
    await page.getByRole('button', { name: 'Signature tag for Sara Signer on page 2' }).waitFor();
    await expectAccessible(page);
    await page.getByTestId('epak-send').click();
    await page.waitForURL(/\/dashboard\?ePakId=/);
  });

  it('on a 390 px phone the page takes the full width, nothing scrolls sideways, and the palette opens in a sheet', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const ePakId = await twoSignerDraft(custodian, 'Phone contract');
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, 'custodian@demo.test');
    await page.getByTestId('phone-menu-button').waitFor();
    await page.goto(`/compose?ePakId=${ePakId}`);
    await page.getByTestId('pdf-page-1').waitFor();

    const width = (await page.getByTestId('pdf-page-1').boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(390 - 48);
    expect(await sidewaysOverflow(page)).toBe(0);
    // No side panels: the palette waits behind its button, the recipient is chosen above the page.
    expect(await page.getByTestId('palette-signature').count()).toBe(0);
    await page.getByTestId('tags-recipient').click();
    await page.getByRole('option', { name: /Sara Signer/ }).click();

    await page.getByTestId('palette-open').click();
    const sheet = page.getByRole('dialog', { name: 'Tag to place' });
    await sheet.waitFor();
    await expectAccessible(page);
    await sheet.getByTestId('palette-text').click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByTestId('armed-chip').waitFor();
    await page.getByTestId('page-surface-1').tap({ position: { x: 80, y: 120 } });
    await page.getByRole('button', { name: 'Text tag for Sara Signer on page 1' }).waitFor();
    // The tag's settings open in a sheet too.
    await page.getByTestId('tag-settings-open').click();
    await page.getByRole('dialog', { name: 'Tag settings' }).getByText('Required').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
