import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, goClientSide, setupBrowser, signInAndWait } from './support/app.ts';
import { uploadPdf } from './support/documents.ts';

/**
 * The ePak detail's activity (issue 31): sentences with who acted and the document's readable
 * title, never an event key or a file name; how long ago, with the full date on hover.
 */

const SHOT_DIR = '/work/notes/design/words';
/** A 1×1 PNG: the smallest signature picture the sign call takes. */
const DOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function shot(page: Page, name: string) {
  if (!process.env.WORDS_SHOTS) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOT_DIR}/${name}.png` });
}

describe('the ePak activity timeline', () => {
  const browser = setupBrowser();

  it('a custodian reads who did what, in words, in English and in Hindi', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const documentId = await uploadPdf(custodian, '022-pdfkit_pdfkit.pdf');
    const subject = `Timeline offer ${Date.now().toString(36)}`;
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        subject,
        steps: [
          { type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] },
          { type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] },
        ],
      },
    });
    expect(created.code).toBe(1);
    const ePakId = created.data.ePakId;
    const tag = (email: string, wfsOrderId: number, positionY: number) => ({
      key: 'signature',
      type: 'signature',
      userEmail: email,
      wfsOrderId,
      pageNumber: 1,
      positionX: 60,
      positionY,
      blockWidth: 160,
      blockHeight: 50,
    });
    const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
      token: custodian.token,
      body: { tags: [tag('signer2@demo.test', 1, 300), tag('signer1@demo.test', 2, 500)] },
    });
    expect(placed.code).toBe(1);
    expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);
    const sara = await apiSignIn('signer2@demo.test');
    const viewed = await callApi('PUT', `/v2/epak/${ePakId}/document/${documentId}/viewed`, {
      token: sara.token,
    });
    expect(viewed.code).toBe(1);
    const signed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/sign`, {
      token: sara.token,
      body: { signatureImage: DOT_PNG },
    });
    expect(signed.code).toBe(1);

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto(`/dashboard?ePakId=${ePakId}`);
    const timeline = page.getByTestId('epak-activity');
    await timeline.waitFor();
    await expect.poll(() => timeline.textContent()).toContain('Sara Signer signed 022 pdfkit pdfkit');
    const said = (await page.getByTestId('timeline-event').allTextContents()).join('\n');
    expect(said).toContain('Carlos Custodian created the ePak');
    expect(said).toContain('Carlos Custodian sent the ePak');
    expect(said).toContain('Sara Signer viewed 022 pdfkit pdfkit');
    expect(said).not.toMatch(/\b(epak|document)\.[a-zA-Z]+/);
    const first = page.getByTestId('timeline-event').first().locator('time');
    expect(await first.getAttribute('title')).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    expect(await page.getByTestId('epak-documents').textContent()).toContain('022 pdfkit pdfkit');
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'timeline-1366-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, 'timeline-390-en');

    await page.keyboard.press('Escape');
    await page.getByTestId('epak-activity').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-hi').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
    await goClientSide(page, `/dashboard?ePakId=${ePakId}`);
    await expect
      .poll(() => page.getByTestId('epak-activity').textContent())
      .toContain('Sara Signer ने 022 pdfkit pdfkit पर हस्ताक्षर किए');
    await page.getByTestId('epak-activity').scrollIntoViewIfNeeded();
    await shot(page, 'timeline-1366-hi');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('epak-activity').scrollIntoViewIfNeeded();
    await shot(page, 'timeline-390-hi');
    // The language is the custodian's preference: back to English for the journeys after this one.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.keyboard.press('Escape');
    await page.getByTestId('epak-activity').waitFor({ state: 'detached' });
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  });
});
