import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInAndWait } from './app.ts';

/** Steps several journeys share: files in and out of the admin screens, pickers, signing. */

/** Chooses a CSV in the users tab's upload dialog. */
export async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('users-csv-file').click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

/** Clicks what downloads a file and answers the file's text. */
export async function downloadText(page: Page, testId: string): Promise<string> {
  const started = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const stream = await (await started).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Types into a member picker and picks the member whose label holds `email`. */
export async function pickMember(page: Page, testId: string, email: string): Promise<void> {
  await page.getByTestId(testId).fill(email.slice(0, 7));
  await page.getByRole('option', { name: new RegExp(email.replace('.', '\\.')) }).click();
}

/** Fills the two password fields of the set-password and reset pages. */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
}

/** A signer signs in, opens the ePak, types a signature into their tag and signs. */
export async function signAs(page: Page, email: string, ePakId: string, password?: string): Promise<void> {
  await signInAndWait(page, email, password);
  await page.goto(`/sign?ePakId=${ePakId}`);
  await page.getByTestId('signing-view').waitFor();
  await page.locator('[data-testid="sign-open-tag"][data-tag-type="signature"]').first().click();
  await page.getByTestId('signature-apply').waitFor();
  await page.getByTestId('signature-tab-type').click();
  await page.getByTestId('signature-typed').fill(email.split('@')[0] ?? email);
  await page.getByTestId('signature-preview').waitFor();
  await page.getByTestId('signature-apply').click();
  await page.getByTestId('action-sign').click();
  await page.getByTestId('sign-finished').waitFor();
}

/**
 * In the tag editor, on `surface` (a page): a signature for the step's first signer, a rubber
 * stamp overlapping it (spec §2 allows that overlap) and a letterhead at the top, set to `letterheadName`.
 */
export async function placeStampedSignature(
  page: Page,
  surface: Locator,
  letterheadName: string,
): Promise<void> {
  const placed = () => page.getByTestId('placed-tag').count();
  const before = await placed();
  await surface.click({ position: { x: 100, y: 500 } });
  await expect.poll(placed).toBe(before + 1);
  await page.getByTestId('palette-rubberStamp').click();
  await surface.click({ position: { x: 240, y: 470 } });
  await expect.poll(placed).toBe(before + 2);
  await page.getByTestId('palette-letterHead').click();
  await surface.click({ position: { x: 60, y: 20 } });
  await expect.poll(placed).toBe(before + 3);
  await page.getByTestId('tag-letterhead-select').click();
  await page.getByRole('option', { name: letterheadName }).click();
}
