import type { Page } from 'playwright-core';
import { expectAccessible } from './axe.ts';

/** Steps the volume journeys share: documents in through the API, bulk signing, signed files out. */

/**
 * In the bulk-sign dialog: the signature typed once, then the certificate PIN once (chosen twice
 * when it is the signer's first), with axe judging each step when asked.
 */
export async function signOnce(page: Page, typed: string, pin: string, axeEachStep: boolean): Promise<void> {
  await page.getByTestId('signature-apply').waitFor();
  await page.getByTestId('signature-tab-type').click();
  await page.getByTestId('signature-typed').fill(typed);
  await page.getByTestId('signature-preview').waitFor();
  if (axeEachStep) await expectAccessible(page);
  await page.getByTestId('signature-apply').click();
  await page.getByTestId('pin-input').waitFor();
  await page.getByTestId('pin-input').fill(pin);
  if (await page.getByTestId('pin-again').isVisible()) await page.getByTestId('pin-again').fill(pin);
  if (axeEachStep) await expectAccessible(page);
  await page.getByTestId('pin-submit').click();
}

/** Waits for the bulk-sign run to finish and answers its summary line. */
export async function bulkSignDone(page: Page, timeout: number): Promise<string | null> {
  await page
    .locator('[data-testid="bulk-progress"][data-phase="done"]')
    .waitFor({ state: 'attached', timeout });
  return page.getByTestId('bulk-progress-text').textContent();
}
