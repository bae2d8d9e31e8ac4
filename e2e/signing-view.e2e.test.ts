import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nssDbTrusting, pdfsig, rgbaPng } from '@signet/pdf/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, baseUrl, callApi, setupBrowser } from './support/app.ts';
import { linkIn, nextMail } from './support/mail.ts';
import { pagesPdf } from './support/pdf.ts';
import { PHONE } from './support/phone.ts';

/**
 * The signing view, redone (issue 31): the signature dialog is a centred modal on a desktop and a
 * bottom sheet on a phone; nothing covers "Thank you, you have signed"; a guest from an
 * easy-sign link downloads the copy they signed, a PDF whose signature validates; the other
 * signer's finished signature is the page's own, not drawn again over it nor shown as data text.
 */

/** Where the screenshots for the closing note go (SIGNING_SHOTS=before|after); none without it. */
const SHOTS = process.env.SIGNING_SHOTS;
const SHOT_DIR = '/work/notes/design/signing';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOT_DIR}/${SHOTS}-${name}.png` });
}

const SIGNATURE = rgbaPng(160, 50, (x, y) =>
  Math.abs(y - 25 - Math.round(14 * Math.sin(x / 10))) < 2 ? [20, 40, 160, 255] : [0, 0, 0, 0],
).toString('base64');

async function upload(token: string, tenantId: string | null, name: string, pdf: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), name);
  const res = await fetch(`${baseUrl()}/msbapi/v1/documents`, {
    method: 'POST',
    headers: { access_token: token, ...(tenantId ? { tenant_id: tenantId } : {}) },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { documentId: string }[] };
  if (body.code !== 1) throw new Error(`upload answered ${body.code}`);
  return body.data[0]?.documentId ?? '';
}

const signatureTag = (email: string, wfsOrderId: number, positionY: number) => ({
  key: 'signature',
  type: 'signature',
  pageNumber: 1,
  positionX: 300,
  positionY,
  blockWidth: 200,
  blockHeight: 60,
  userEmail: email,
  wfsOrderId,
  validations: { required: { value: true, message: '' } },
});

/**
 * An ePak signer1 (an account) signs first, then a guest who has none; answers the guest's
 * easy-sign link once signer1 has signed.
 */
async function leaseForGuest(subject: string, guest: string) {
  const custodian = await apiSignIn('custodian@demo.test');
  const documentId = await upload(
    custodian.token,
    custodian.tenantId,
    `${subject}.pdf`,
    pagesPdf([`${subject}: the tenant rents the flat for a year.`]),
  );
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: {
      documentIds: [documentId],
      subject,
      steps: [
        { type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] },
        { type: 'SIGN', recipients: [{ email: guest, firstName: 'Gita', lastName: 'Guest' }] },
      ],
    },
  });
  const ePakId = created.data.ePakId;
  const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
    token: custodian.token,
    body: { tags: [signatureTag('signer1@demo.test', 1, 250), signatureTag(guest, 2, 450)] },
  });
  expect(placed.code).toBe(1);
  expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);
  // signer1 signs as the signing view does: the drawn picture as the value of their tag.
  const signer1 = await apiSignIn('signer1@demo.test');
  const detail = await callApi<{ steps: { recipients: { id: string }[] }[] }>('GET', `/v2/epaks/${ePakId}`, {
    token: signer1.token,
  });
  const tags = await callApi<{ uuid: string; recipientId: string }[]>(
    'GET',
    `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`,
    { token: signer1.token },
  );
  const theirs = tags.data.find((x) => x.recipientId === detail.data.steps[0]?.recipients[0]?.id);
  const signed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/sign`, {
    token: signer1.token,
    body: { tags: [{ uuid: theirs?.uuid, value: `data:image/png;base64,${SIGNATURE}` }] },
  });
  expect(signed.code).toBe(1);
  const link = new URL(linkIn(await nextMail(guest, new RegExp(`Please sign: ${subject}`))));
  return { ePakId, documentId, link: link.pathname + link.search };
}

/** The box of an element, or a failure naming it. */
async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).first().boundingBox();
  if (!b) throw new Error(`${testId} has no box`);
  return b;
}

async function drawOn(page: Page) {
  const pad = await box(page, 'signature-pad');
  await page.mouse.move(pad.x + 30, pad.y + pad.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(pad.x + 30 + i * 20, pad.y + pad.height / 2 - Math.sin(i / 1.5) * (pad.height / 4));
  await page.mouse.up();
}

/** Whether two boxes share any area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every notification on screen, as boxes, once the toasts' host has mounted (it loads when a
 * toast is first asked for, or a few seconds after the start): a toast asked for before then
 * shows as the host mounts, so none is missed by looking too early.
 */
const toastBoxes = async (page: Page) => {
  await page.locator('.signet-toasts').first().waitFor({ state: 'attached' });
  return page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Notification-root')].map((n) => {
      const r = n.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
};

describe('the signing view (issue 31)', () => {
  const browser = setupBrowser();

  it('on a desktop: the other signer’s signature is not drawn twice, the dialog is a centred modal, nothing covers the thanks, and the guest downloads the copy they signed, validly signed', async () => {
    const guest = 'gita.desk@elsewhere.test';
    const { link } = await leaseForGuest('Lease 2027', guest);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(link);
    await page.getByTestId('signing-view').waitFor();
    await page.getByTestId('pdf-page-1').getByTestId('page-canvas').waitFor();
    // signer1's finished signature is the page's own (drawn into the PDF when they signed): its
    // frame draws no second picture over it, and no data text is anywhere on the page.
    await page.getByTestId('other-tag').waitFor();
    expect(await page.getByTestId('other-tag').locator('img').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('data:');
    await shot(page, 'view-1366-en');

    await page.getByTestId('sign-open-tag').click();
    await page.getByTestId('signature-pad').waitFor();
    const dialog = page.locator('[data-testid="signature-dialog"]');
    expect(await dialog.getAttribute('data-layout')).toBe('modal');
    const content = await page.locator('.mantine-Modal-content').boundingBox();
    if (!content) throw new Error('no dialog box');
    // Narrower than the window and centred in it; the pad wider than high, not a strip.
    expect(content.width).toBeLessThan(1366 * 0.6);
    expect(Math.abs(content.x + content.width / 2 - 683)).toBeLessThan(10);
    const pad = await box(page, 'signature-pad');
    expect(pad.width / pad.height).toBeGreaterThan(2);
    expect(pad.width / pad.height).toBeLessThan(4.5);
    for (const tab of ['draw', 'type', 'upload']) await page.getByTestId(`signature-tab-${tab}`).waitFor();
    await shot(page, 'dialog-1366-en');
    await drawOn(page);
    await page.getByTestId('signature-apply').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('action-sign').click();

    const thanks = page.getByRole('heading', { name: 'Thank you, you have signed.' });
    await thanks.waitFor({ timeout: 30_000 });
    const heading = await thanks.boundingBox();
    if (!heading) throw new Error('no heading box');
    for (const toast of await toastBoxes(page)) expect(overlap(toast, heading)).toBe(false);
    await shot(page, 'finished-1366-en');

    // ── The guest's copy: a PDF, their signature (and signer1's) valid over what they signed.
    const download = page.waitForEvent('download');
    await page.getByTestId('download-signed-copy').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Lease 2027.pdf');
    // The browser runs elsewhere (a shared Chromium): the file is copied here to be read.
    const path = join(mkdtempSync(join(tmpdir(), 'signed-copy-')), 'copy.pdf');
    await file.saveAs(path);
    const pdf = new Uint8Array(readFileSync(path));
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const nss = nssDbTrusting([]);
    const signatures = await pdfsig(pdf, nss.dir).finally(() => nss.close());
    expect(signatures.map((s) => s.valid)).toEqual([true, true]);
    expect(signatures.at(-1)?.totalDocumentSigned).toBe(true);
  });

  it('on a phone: the dialog is a bottom sheet, and no toast covers the thanks (in Hindi too)', async () => {
    const guest = 'gita.phone@elsewhere.test';
    const { link } = await leaseForGuest('Lease 2028', guest);
    const page = await browser.newPage(PHONE);
    await page.goto(link);
    await page.locator('[data-testid="signing-view"][data-layout="phone"]').waitFor();
    await page.getByTestId('pdf-page-1').getByTestId('page-canvas').waitFor();
    await page.getByTestId('other-tag').waitFor();
    await shot(page, 'view-390-en');

    await page.getByTestId('sign-open-tag').tap();
    await page.getByTestId('signature-pad').waitFor();
    const dialog = page.locator('[data-testid="signature-dialog"]');
    expect(await dialog.getAttribute('data-layout')).toBe('sheet');
    // A sheet: the full width, its foot on the bottom edge, a strip of the page still above it.
    const sheet = await page.locator('.mantine-Drawer-content').boundingBox();
    if (!sheet) throw new Error('no sheet box');
    expect(sheet.width).toBe(390);
    expect(Math.round(sheet.y + sheet.height)).toBe(844);
    expect(sheet.y).toBeGreaterThan(20);
    expect((await box(page, 'signature-pad')).height).toBeGreaterThan(300);
    await shot(page, 'dialog-390-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('language-menu').tap();
    await page.getByTestId('language-hi').tap();
    await page.getByTestId('sign-open-tag').tap();
    await page.getByTestId('signature-pad').waitFor();
    await shot(page, 'dialog-390-hi');
    const pad = await box(page, 'signature-pad');
    const cdp = await page.context().newCDPSession(page);
    const points = Array.from({ length: 14 }, (_, i) => ({
      x: pad.x + 30 + i * 20,
      y: pad.y + pad.height / 2 - Math.sin(i / 2) * 50,
    }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0] ?? pad] });
    for (const p of points.slice(1))
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.getByTestId('signature-apply').tap();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('action-sign').tap();

    const finished = page.getByTestId('sign-finished');
    await finished.getByRole('heading').waitFor({ timeout: 30_000 });
    const heading = await finished.getByRole('heading').boundingBox();
    if (!heading) throw new Error('no heading box');
    for (const toast of await toastBoxes(page)) expect(overlap(toast, heading)).toBe(false);
    await shot(page, 'finished-390-hi');
    await page.getByTestId('download-signed-copy').waitFor();
  });
});
