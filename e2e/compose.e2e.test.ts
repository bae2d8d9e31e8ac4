import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { pagesPdf } from './support/pdf.ts';

async function addSigners(page: Page, step: number, text: string): Promise<void> {
  const input = page.getByTestId(`step-${step}-signers`);
  await input.fill(text);
  await input.press('Enter');
}

async function tagCount(page: Page): Promise<number> {
  return page.getByTestId('placed-tag').count();
}

async function chooseRecipient(page: Page, label: string): Promise<void> {
  await page.getByTestId('tags-recipient').click();
  await page.getByRole('option', { name: label }).click();
}

describe('compose: documents, workflow, tags, send (issue 5)', () => {
  const browser = setupBrowser();

  it('a custodian composes a two-step ePak, places tags (refused overlap, copy and paste, a move across pages) and sends it', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto('/compose');

    await page.getByTestId('upload-input').setInputFiles({
      name: 'Supply agreement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pagesPdf(['Supply agreement, page 1', 'Supply agreement, page 2'])),
    });
    await page.getByTestId('uploaded-document').waitFor();
    expect(await page.getByTestId('uploaded-document').textContent()).toContain('2 pages');

    await addSigners(page, 1, 'not-an-email');
    await page.getByTestId('step-1-signers-rejected').waitFor();
    expect(await page.getByTestId('step-1-signers-rejected').textContent()).toContain(
      'not a valid email address',
    );
    // Two signers pasted at once, looked up together: they sign in parallel.
    await addSigners(page, 1, 'signer1@demo.test;signer2@demo.test');
    await page.getByText('signer2@demo.test').first().waitFor();
    await page.getByTestId('add-step').click();
    await addSigners(page, 2, 'registrar@demo.test');
    await page.getByTestId('compose-subject').fill('Supply agreement 2027');
    await page.getByTestId('compose-continue').click();

    await page.getByTestId('tag-editor').waitFor();
    await page.getByTestId('pdf-page-2').waitFor();
    const surface1 = page.getByTestId('page-surface-1');
    await surface1.click({ position: { x: 100, y: 400 } });
    expect(await tagCount(page)).toBe(1);
    // The same spot again: signature tags may not overlap.
    await surface1.click({ position: { x: 30, y: 380 } });
    await page.getByText('Signature tags cannot overlap.').waitFor();
    expect(await tagCount(page)).toBe(1);

    await chooseRecipient(page, 'Step 1: signer2@demo.test');
    await surface1.click({ position: { x: 100, y: 600 } });
    expect(await tagCount(page)).toBe(2);
    // A text tag, copied and pasted (10 right, 8 down), then the copy deleted. A signature tag
    // pasted onto its source would overlap it.
    await page.getByTestId('palette-text').click();
    await surface1.click({ position: { x: 300, y: 600 } });
    expect(await tagCount(page)).toBe(3);
    await page.getByRole('button', { name: 'Text tag for signer2@demo.test on page 1' }).focus();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    expect(await tagCount(page)).toBe(4);
    await page.keyboard.press('Delete');
    expect(await tagCount(page)).toBe(3);
    await page.getByTestId('palette-signature').click();

    await chooseRecipient(page, 'Step 2: registrar@demo.test');
    await page.getByTestId('page-surface-2').click({ position: { x: 100, y: 100 } });
    expect(await tagCount(page)).toBe(4);
    // Drag the registrar's tag from page 2 to page 1.
    const registrarTag = page.getByRole('button', {
      name: 'Signature tag for registrar@demo.test on page 2',
    });
    const from = await registrarTag.boundingBox();
    const target = await surface1.boundingBox();
    if (!from || !target) throw new Error('no boxes');
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(target.x + 300, target.y + 150, { steps: 8 });
    await page.mouse.move(target.x + 310, target.y + 160, { steps: 2 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Signature tag for registrar@demo.test on page 1' }).waitFor();

    await page.getByTestId('epak-send').click();
    await page.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(page.url()).searchParams.get('ePakId') ?? '';

    const custodian = await apiSignIn('custodian@demo.test');
    const detail = await callApi<{ status: string; subject: string; documents: { id: string }[] }>(
      'GET',
      `/v2/epaks/${ePakId}`,
      { token: custodian.token },
    );
    expect(detail.data).toMatchObject({ status: 'InProgress', subject: 'Supply agreement 2027' });
    const blocks = await callApi<
      { type: string; userEmail: string; pageNumber: number; positionX: number; positionY: number }[]
    >('GET', `/v2/epaks/${ePakId}/documents/${detail.data.documents[0]?.id}/signatureblocks`, {
      token: custodian.token,
    });
    // Positions in points; the page box may sit half a pixel off the grid the clicks land on.
    const at = (b: { pageNumber: number; positionX: number; positionY: number } | undefined) =>
      b && [b.pageNumber, Math.round(b.positionX / 2) * 2, Math.round(b.positionY / 2) * 2];
    const signatures = Object.fromEntries(
      blocks.data.filter((b) => b.type === 'signature').map((b) => [b.userEmail, at(b)]),
    );
    expect(signatures).toEqual({
      'signer1@demo.test': [1, 100, 400],
      'signer2@demo.test': [1, 100, 600],
      'registrar@demo.test': [1, 300, 150],
    });
    expect(blocks.data.filter((b) => b.type === 'text').map((b) => [b.userEmail, ...(at(b) ?? [])])).toEqual([
      ['signer2@demo.test', 1, 300, 600],
    ]);
  });
});
