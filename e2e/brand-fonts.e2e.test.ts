import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAndWait } from './support/app.ts';

// The app's typeface (apps/web/src/ui/brand): this machine has no Devanagari font of its own,
// so Hindi shows as boxes unless the app brings one.
const FAMILY = 'Noto Sans Variable';
const DEVANAGARI_FILE = /\/assets\/noto-sans-devanagari-wght-normal-[\w-]+\.woff2$/;
const LATIN_FILE = /\/assets\/noto-sans-latin-wght-normal-[\w-]+\.woff2$/;

/** Every font request the page makes, from the start. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/**
 * The fonts the browser actually drew an element's text with (DevTools' "Rendered fonts"): a
 * character no font has would be drawn by the system's fallback, not by the app's face.
 */
async function renderedFonts(page: Page, selector: string) {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, `no ${selector} on the page`).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

describe('the typeface the app ships', () => {
  const browser = setupBrowser();

  it('draws a Hindi sign-in page in its own Devanagari face, preloaded with the page', async () => {
    const page = await browser.newPage({ locale: 'hi-IN' });
    const requests = fontRequests(page);
    await page.goto('/login');
    await page.getByTestId('login-username').waitFor();
    await page.locator('html[lang=hi]').waitFor();
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toMatch(/[\u0900-\u097F]/);

    expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`, 'हिन्दी'), FAMILY)).toBe(
      true,
    );
    const fonts = await renderedFonts(page, 'h1');
    // Every glyph of the heading comes from the shipped face; none from a system fallback.
    expect(fonts.map((f) => f.familyName)).toEqual(['Noto Sans']);
    expect(fonts.every((f) => f.isCustomFont)).toBe(true);
    expect(requests.filter((url) => DEVANAGARI_FILE.test(url))).toHaveLength(1);
    const preloads = await page
      .locator('link[rel=preload][as=font]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloads.some((href) => DEVANAGARI_FILE.test(href))).toBe(true);
  });

  it('an English page draws in the Latin face and never downloads the Devanagari file', async () => {
    const page = await browser.newPage({ locale: 'en-GB' });
    const requests = fontRequests(page);
    await page.goto('/login');
    await page.getByTestId('login-username').waitFor();
    const fonts = await renderedFonts(page, 'h1');
    expect(fonts.map((f) => f.familyName)).toEqual(['Noto Sans']);
    expect(requests.some((url) => LATIN_FILE.test(url))).toBe(true);

    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('dashboard-title').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(requests.filter((url) => DEVANAGARI_FILE.test(url))).toEqual([]);
    expect(await page.locator('link[rel=preload][as=font]').evaluateAll((links) => links.length)).toBe(1);
  });

  it('switching a signed-in English page to Hindi draws the dashboard in the Devanagari face', async () => {
    const page = await browser.newPage({ locale: 'en-GB' });
    const requests = fontRequests(page);
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-hi').click();
    await page.locator('html[lang=hi]').waitFor();
    await page
      .getByTestId('dashboard-title')
      .filter({ hasText: /[\u0900-\u097F]/ })
      .waitFor();
    const fonts = await renderedFonts(page, '[data-testid=dashboard-title]');
    expect(fonts.map((f) => f.familyName)).toEqual(['Noto Sans']);
    expect(requests.filter((url) => DEVANAGARI_FILE.test(url))).toHaveLength(1);
    // The header's mark stands beside the product's name.
    await page.locator('header [data-testid=brand-mark] [data-testid=logo-mark]').waitFor();
  });
});
