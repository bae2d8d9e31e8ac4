import type { BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { baseUrl } from './app.ts';

/** A mid-size phone as Chromium emulates it (issue 18): 390 × 844 CSS pixels, three device pixels each, touch. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** A fresh phone profile on the journeys' browser (the caller closes its context). */
export async function newPhonePage(browser: {
  newContext(options: BrowserContextOptions): Promise<import('playwright-core').BrowserContext>;
}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl() });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

/** Whether the page scrolls sideways: its scroll width beyond the viewport's, in CSS pixels. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * At a 360 px phone width: what scrolls sideways — the page, or any box in it (issue 18's rule).
 * Measured once the screen has re-rendered for a phone (the desktop menu bar is gone); the
 * desktop width is set back after.
 */
export async function sidewaysAt360(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByTestId('phone-menu-button').waitFor();
  const found = await page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      out.push(`page ${document.documentElement.scrollWidth}`);
    for (const el of document.body.querySelectorAll('*')) {
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    }
    return out;
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  return found;
}

type Touch = { x: number; y: number };

/** One finger drawn through `points` with real touch events (the pointer events follow from them). */
export async function touchStroke(cdp: CDPSession, points: readonly Touch[]): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
  for (const p of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers from `from` apart to `to` apart around `centre`, horizontally. */
export async function pinch(cdp: CDPSession, centre: Touch, from: number, to: number): Promise<void> {
  const at = (spread: number) => [
    { x: centre.x - spread / 2, y: centre.y, id: 1 },
    { x: centre.x + spread / 2, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let i = 1; i <= 6; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(from + ((to - from) * i) / 6),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * A double tap. The two taps carry their own timestamps, 120 ms apart, so that the page judges
 * the gesture by them and not by how fast a loaded machine delivers the events.
 */
export async function doubleTap(cdp: CDPSession, at: Touch): Promise<void> {
  const t0 = Date.now() / 1000;
  const tap = async (t: number) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at], timestamp: t });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: t + 0.04 });
  };
  await tap(t0);
  await tap(t0 + 0.12);
}
