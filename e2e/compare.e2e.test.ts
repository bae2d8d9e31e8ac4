import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goClientSide, setupBrowser, signInAndWait } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { signedEpakDocument } from './support/documents.ts';
import { onePagePdf } from './support/pdf.ts';

const STAMP = Date.now().toString(36);

async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), state).toEqual([]);
}

describe('compare (issue 15)', () => {
  const browser = setupBrowser();

  it('a custodian compares an ePak document before and after its signature: the change listed, pages side by side and overlaid, the report downloads', async () => {
    const { epakId, documentId } = await signedEpakDocument(`Compare ${STAMP}`);
    const page = await browser.newPage({ acceptDownloads: true });
    await signInAndWait(page, 'custodian@demo.test');
    await goClientSide(page, '/compare');
    await page.getByTestId('page-compare').waitFor();
    await expectAccessible(page, 'empty');

    await goClientSide(page, `/compare?ePakId=${epakId}&documentId=${documentId}`);
    await page.getByTestId('compare-result').waitFor({ timeout: 60_000 });
    // Before signing → after the signature: the signature's appearance changed page 1.
    await expect.poll(() => page.getByTestId('compare-from').inputValue()).toBe('Before signing');
    await expect
      .poll(() => page.getByTestId('compare-to').inputValue())
      .toMatch(/After signature 1|As it is now/);
    const first = page.getByTestId('compare-change-0');
    await first.waitFor();
    await first.click();
    expect(await page.getByTestId('compare-shown-page').textContent()).toBe('Page 1 ↔ 1');
    await page.getByTestId('compare-first-page').waitFor();
    await page.getByTestId('compare-second-page').waitFor();
    expect(
      await page.getByTestId('compare-highlight').or(page.getByTestId('compare-highlight-active')).count(),
    ).toBeGreaterThan(0);
    await expectAccessible(page, 'side by side');

    await page.getByTestId('compare-view').getByText('Overlay').click();
    await page.getByTestId('compare-overlay-second').waitFor();
    await expectAccessible(page, 'overlay');

    const download = page.waitForEvent('download');
    await page.getByTestId('compare-report').click();
    // The browser runs apart from the test (connected remotely): the download is saved here.
    const file = join(tmpdir(), `signet-compare-report-${Date.now()}.pdf`);
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('qpdf', ['--check', file]);
  }, 180_000);

  it('two files: a PDF that is not one is refused with a message saying so', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await goClientSide(page, '/compare');
    await page.getByTestId('page-compare').waitFor();
    await page.getByTestId('compare-first-file').setInputFiles({
      name: 'a.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(onePagePdf(`A ${STAMP}`)),
    });
    await page
      .getByTestId('compare-second-file')
      .setInputFiles({ name: 'b.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await page.getByTestId('compare-run').click();
    await page.getByTestId('compare-error').waitFor();
    expect(await page.getByTestId('compare-error').textContent()).toContain('is not a PDF that can be read');
    await expectAccessible(page, 'refused');
  }, 120_000);
});
