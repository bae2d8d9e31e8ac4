import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, signInAndWait } from './support/app.ts';

/** Issue 17: the app and the API docs work under their Content-Security-Policy; /sign is never framed. */

/** Collects CSP violations the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

describe('security headers in the browser', () => {
  const browser = setupBrowser();
  let otherOrigin: Server;
  let otherUrl = '';

  beforeAll(async () => {
    // A page on another origin that tries to frame the signing view.
    otherOrigin = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><iframe id="f" src="${baseUrl()}/sign?easytoken=abc"></iframe>`);
    });
    await new Promise<void>((resolve) => otherOrigin.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => otherOrigin.close(() => resolve())));

  it('runs the sign-in page and the signed-in dashboard under the CSP without a violation', async () => {
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInAndWait(page, 'admin@demo.test');
    await page.getByTestId('dashboard-title').waitFor();
    expect(await violations()).toEqual([]);
  });

  it('renders the API docs page under its CSP without a violation', async () => {
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    const answer = await page.goto('/msbapi/docs');
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .info .title').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await violations()).toEqual([]);
  });

  it('refuses to show /sign inside a frame of another origin', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(otherUrl);
    const frame = await (await page.locator('#f').elementHandle())?.contentFrame();
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The frame shows the browser's error page, never the signing view.
    expect(
      await frame
        ?.locator('#root')
        .count()
        .catch(() => 0),
    ).toBe(0);
  });
});
