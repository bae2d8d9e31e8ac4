import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { downloadEpakDocument, signedEpakDocument } from './support/documents.ts';
import { sidewaysOverflow } from './support/phone.ts';

const STAMP = Date.now().toString(36);
const CORPUS = resolve(import.meta.dirname, '../../shared/pdf-corpus/pyhanko');

/** A document composed, sent and signed through the API, as it downloads afterwards. */
async function signedHere(): Promise<Uint8Array> {
  const { custodian, epakId, documentId } = await signedEpakDocument(`Verify ${STAMP}`);
  return downloadEpakDocument(custodian, epakId, documentId);
}

async function drop(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page
    .getByTestId('verify-file')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
  await page.getByTestId('verify-result').or(page.getByTestId('verify-error')).waitFor();
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), state).toEqual([]);
}

describe('verify (issue 15)', () => {
  const browser = setupBrowser();

  it("a French reader's phone paints the page's heading and lead in French before the app loads, the size the app then draws them", async () => {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      locale: 'fr-FR',
    });
    const sizes = (selector: string) =>
      page.evaluate(
        (s) =>
          [...document.querySelectorAll(s)].map((e) => {
            const { width, height } = e.getBoundingClientRect();
            return { text: e.textContent, width, height };
          }),
        selector,
      );
    // The frame alone: no script runs.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/verify');
    const frame = await sizes('main.boot-main h1, main.boot-main p');
    await page.unroute(/\.js$/);
    await page.goto('/verify');
    await page.getByTestId('verify-drop').waitFor();
    const app = await sizes('main h1, main h1 + p');
    expect(frame).toHaveLength(2);
    expect(frame[0]?.text).toBe('Vérifier un PDF signé');
    // Not smaller, else the app's own copy would be a later largest paint (Lighthouse's LCP).
    expect(app).toEqual(frame);
  });

  it('signed out: our signed file is valid, an altered copy is not intact, a file signed elsewhere gets a verdict, the report downloads', async () => {
    const ours = await signedHere();
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto('/verify');
    await page.getByTestId('verify-drop').waitFor();
    await expectAccessible(page, 'empty');

    await drop(page, 'ours.pdf', ours);
    await page.getByTestId('verify-verdict-valid').waitFor();
    const first = page.getByTestId('verify-signature-0');
    await expect.poll(() => first.textContent()).toContain('B-B');
    expect(await first.textContent()).toContain("an organisation's CA on this service");
    await expectAccessible(page, 'valid');

    const download = page.waitForEvent('download');
    await page.getByTestId('verify-report').click();
    // The browser runs apart from the test (connected remotely): the download is saved here.
    const file = join(tmpdir(), `signet-verify-report-${Date.now()}.pdf`);
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('qpdf', ['--check', file]);

    const altered = new Uint8Array(ours);
    altered[300] = (altered[300] as number) ^ 0x20;
    await drop(page, 'altered.pdf', altered);
    await page.getByTestId('verify-verdict-invalid').waitFor();
    expect(await page.getByTestId('verify-signature-0').textContent()).toContain(
      'the signed bytes were changed',
    );
    await expectAccessible(page, 'invalid');

    if (existsSync(CORPUS)) {
      const elsewhere = readdirSync(CORPUS).find(
        (f) => /pades.*\.pdf$/i.test(f) || /signed.*\.pdf$/i.test(f),
      );
      if (elsewhere) {
        await drop(page, elsewhere, new Uint8Array(readFileSync(join(CORPUS, elsewhere))));
        await page.locator('[data-testid^="verify-verdict-"]').waitFor();
        await expectAccessible(page, 'elsewhere');
      }
    } else console.warn(`pdf corpus not found at ${CORPUS}: the file signed elsewhere is skipped`);
  }, 180_000);

  it('a forged QR code link says so; at 390 px nothing scrolls sideways', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/verify?qr=00000000-0000-4000-8000-000000000042.AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByTestId('verify-qr-error').waitFor();
    expect(await page.getByTestId('verify-qr-error').textContent()).toContain(
      'was not issued by this service',
    );
    await expectAccessible(page, 'forged QR');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  }, 120_000);
});
