import type { TenantConfiguration } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck, rgbaPng } from '@signet/pdf/testing';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiSignIn, baseUrl, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pickMember, placeStampedSignature } from './support/journeys.ts';
import { pagesPdf } from './support/pdf.ts';
import { sidewaysAt360 } from './support/phone.ts';
import { renderPage } from './support/render.ts';

/** signer1's signing passcode in the demo (seed-demo's DEMO_PASSCODE, printed at start-up). */
const SIGNER1_PASSCODE = '246810';

/** Turns the tenant's rubber-stamp switch on or off, leaving its other features as they are. */
async function setRubberStamps(admin: ApiSession, on: boolean): Promise<void> {
  const config = await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token });
  const res = await callApi('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { ...config.data.features, rubberStamp: on } },
  });
  expect(res.code).toBe(1);
}

/** The share of a box (points, top-left origin) of a grey rendering that is dark: where something is drawn. */
function darkShare(pdf: Uint8Array, box: { x: number; y: number; width: number; height: number }): number {
  const page = renderPage(pdf, 1);
  let dark = 0;
  let all = 0;
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++)
    for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++) {
      all++;
      if (page.at(x, y) < 200) dark++;
    }
  return dark / all;
}

interface Block {
  type: string;
  key: string;
  pageNumber: number;
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
}

describe('rubber stamps and letterheads (issue 14)', () => {
  const browser = setupBrowser();

  it('an admin adds a rubber stamp and shares it with a signer; a custodian uploads a letterhead and composes with a letterhead tag and a rubber-stamp tag; the signer, whose profile shows their signing passcode, is refused with a wrong passcode, then applies the stamp from the picker with the right one and signs; the signed PDF draws both and is valid in pdfsig', async () => {
    const admin = await apiSignIn('admin@demo.test');
    await setRubberStamps(admin, true);
    const run = Date.now().toString(36).toUpperCase();
    const stampName = `Company seal ${run}`;
    const letterheadName = `letterhead-${run}.png`;
    try {
      // ── The admin adds the stamp in /admin, Rubber stamps, and shares it with signer1.
      const adminPage = await browser.newPage();
      await signInAndWait(adminPage, 'admin@demo.test');
      await adminPage.goto('/admin?tab=rubberStamps');
      await adminPage.getByTestId('rubber-stamps-tab').waitFor();
      await adminPage.getByTestId('rubber-stamp-add').click();
      await adminPage.getByTestId('rubber-stamp-name').fill(stampName);
      await adminPage.getByTestId('rubber-stamp-width').fill('90');
      await adminPage.getByTestId('rubber-stamp-height').fill('90');
      // Not a picture: the spec's words.
      let chooser = adminPage.waitForEvent('filechooser');
      await adminPage.getByTestId('rubber-stamp-image').click();
      await (await chooser).setFiles({
        name: 'seal.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await adminPage.getByText('Please select image in jpg/png/jpeg').waitFor();
      chooser = adminPage.waitForEvent('filechooser');
      await adminPage.getByTestId('rubber-stamp-image').click();
      await (await chooser).setFiles({
        name: 'seal.png',
        mimeType: 'image/png',
        buffer: rgbaPng(180, 180, (x, y) =>
          (x - 90) ** 2 + (y - 90) ** 2 < 85 ** 2 ? [30, 30, 160, 255] : [0, 0, 0, 0],
        ),
      });
      await expectAccessible(adminPage);
      await adminPage.getByTestId('rubber-stamp-save').click();
      const row = adminPage.locator(`[data-testid="rubber-stamp-row"][data-name="${stampName}"]`);
      await row.waitFor();
      expect(await row.innerText()).toContain('90 × 90 pt');
      expect(await row.innerText()).toContain('Not shared yet');
      await row.getByTestId('rubber-stamp-share').click();
      await pickMember(adminPage, 'rubber-stamp-share-users', 'signer1@demo.test');
      await expectAccessible(adminPage);
      await adminPage.getByTestId('rubber-stamp-share-save').click();
      await expect.poll(() => row.innerText()).toContain('Shared with 1 people and 0 groups');
      expect(await sidewaysAt360(adminPage)).toEqual([]);

      // ── The custodian uploads a letterhead in /workflows, Letterheads.
      const custodian = await browser.newPage();
      await signInAndWait(custodian, 'custodian@demo.test');
      await custodian.goto('/workflows?tab=letterheads');
      await custodian.getByTestId('letterheads-tab').waitFor();
      // Not jpg/png/jpeg, then over 500 KB: the spec's messages, nothing uploaded.
      chooser = custodian.waitForEvent('filechooser');
      await custodian.getByTestId('letterhead-upload').click();
      await (await chooser).setFiles({
        name: 'head.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await custodian.getByText('Please select image in jpg/png/jpeg').waitFor();
      const big = Buffer.alloc(500 * 1024 + 1);
      rgbaPng(4, 4, () => [0, 0, 0, 255]).copy(big);
      chooser = custodian.waitForEvent('filechooser');
      await custodian.getByTestId('letterhead-upload').click();
      await (await chooser).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
      await custodian.getByText('The file is larger than allowed (500 KB).').waitFor();
      chooser = custodian.waitForEvent('filechooser');
      await custodian.getByTestId('letterhead-upload').click();
      await (await chooser).setFiles({
        name: letterheadName,
        mimeType: 'image/png',
        buffer: rgbaPng(480, 72, (x) => (x % 40 < 30 ? [20, 110, 40, 255] : [255, 255, 255, 255])),
      });
      const letterheadRow = custodian.locator(
        `[data-testid="letterhead-row"][data-name="${letterheadName}"]`,
      );
      await letterheadRow.getByRole('img').waitFor();
      await expectAccessible(custodian);
      expect(await sidewaysAt360(custodian)).toEqual([]);

      // ── Composes: signer1's signature, a rubber-stamp tag over it, and the letterhead at the top.
      await custodian.goto('/compose');
      await custodian.getByTestId('upload-input').setInputFiles({
        name: 'Stamped letter.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(pagesPdf(['A letter on the company letterhead'])),
      });
      await custodian.getByTestId('uploaded-document').waitFor();
      const signers = custodian.getByTestId('step-1-signers');
      await signers.fill('signer1@demo.test');
      await signers.press('Enter');
      await custodian.getByTestId('compose-subject').fill(`Stamped letter ${run}`);
      await custodian.getByTestId('compose-continue').click();
      await custodian.getByTestId('tag-editor').waitFor({ timeout: 30_000 });
      await custodian.getByText('Actual size').click();
      await placeStampedSignature(custodian, custodian.getByTestId('page-surface-1'), letterheadName);
      await expectAccessible(custodian);
      await custodian.getByTestId('epak-send').click();
      await custodian.waitForURL(/\/dashboard\?ePakId=/);
      const ePakId = new URL(custodian.url()).searchParams.get('ePakId') ?? '';

      // ── signer1's profile shows their signing passcode (set in the demo) at a phone's width.
      const signer = await browser.newPage();
      await signInAndWait(signer, 'signer1@demo.test');
      await signer.setViewportSize({ width: 360, height: 800 });
      await signer.goto('/profile');
      await expect
        .poll(() => signer.getByTestId('signing-passcode-state').textContent())
        .toBe('Your signing passcode is set.');
      await signer.getByTestId('signing-passcode-current').waitFor();
      await expectAccessible(signer);
      expect(await signer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await signer.setViewportSize({ width: 1280, height: 900 });

      // ── signer1 taps the stamp tag, types a wrong passcode, picks the stamp, and is refused on signing.
      await signer.goto(`/sign?ePakId=${ePakId}`);
      await signer.getByTestId('signing-view').waitFor();
      const pickStamp = async (passcode: string) => {
        await signer.locator('[data-testid="sign-open-tag"][data-tag-type="image"]').first().click();
        const option = signer.locator(`[data-testid="rubber-stamp-option"][data-name="${stampName}"]`);
        await option.waitFor();
        await signer.getByTestId('rubber-stamp-passcode').fill(passcode);
        return option;
      };
      const first = await pickStamp('111111');
      await expectAccessible(signer);
      await first.click();
      await signer.getByTestId('rubber-stamp-picker').waitFor({ state: 'detached' });
      await signer.locator('[data-testid="sign-open-tag"][data-tag-type="signature"]').first().click();
      await signer.getByTestId('signature-apply').waitFor();
      await signer.getByTestId('signature-tab-type').click();
      await signer.getByTestId('signature-typed').fill('Sanjay Signer');
      await signer.getByTestId('signature-preview').waitFor();
      await signer.getByTestId('signature-apply').click();
      await signer.getByTestId('action-sign').click();
      await signer.getByText('The signing passcode is wrong').waitFor();

      // ── With the right passcode the stamp is applied and the ePak signed.
      await (await pickStamp(SIGNER1_PASSCODE)).click();
      await signer.getByTestId('rubber-stamp-picker').waitFor({ state: 'detached' });
      await signer.getByTestId('action-sign').click();
      await signer.getByTestId('sign-finished').waitFor();

      // ── The signed PDF: valid in pdfsig, the stamp and the letterhead drawn where their tags are.
      const api = await apiSignIn('custodian@demo.test');
      const detail = await callApi<{ status: string; documents: { id: string }[] }>(
        'GET',
        `/v2/epaks/${ePakId}`,
        {
          token: api.token,
        },
      );
      expect(detail.data.status).toBe('Completed');
      const documentId = detail.data.documents[0]?.id ?? '';
      const blocks = (
        await callApi<Block[]>('GET', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
          token: api.token,
        })
      ).data;
      const download = () =>
        fetch(`${baseUrl()}/msbapi/v2/epaks/${ePakId}/documents/${documentId}/download`, {
          headers: { access_token: api.token },
        });
      await expect.poll(async () => (await download()).status, { timeout: 30_000 }).toBe(200);
      const pdf = new Uint8Array(await (await download()).arrayBuffer());
      const nss = nssDbTrusting([]);
      const signatures = await pdfsig(pdf, nss.dir).finally(() => nss.close());
      expect(signatures.map((s) => s.valid)).toEqual([true]);
      expect(qpdfCheck(pdf)).toBeUndefined();
      const inner = (b: Block | undefined) => {
        if (!b) throw new Error('tag missing');
        return { x: b.positionX + 4, y: b.positionY + 4, width: b.blockWidth - 8, height: b.blockHeight - 8 };
      };
      expect(darkShare(pdf, inner(blocks.find((b) => b.key === 'rubberStamp')))).toBeGreaterThan(0.3);
      expect(darkShare(pdf, inner(blocks.find((b) => b.type === 'letterHead')))).toBeGreaterThan(0.3);
    } finally {
      await setRubberStamps(admin, false);
    }
  }, 300_000);
});
