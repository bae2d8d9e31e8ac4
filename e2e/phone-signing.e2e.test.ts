import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, baseUrl, callApi } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { linkIn, nextMail } from './support/mail.ts';
import { pagesPdf } from './support/pdf.ts';
import { doubleTap, newPhonePage, pinch, sidewaysOverflow, touchStroke } from './support/phone.ts';

const SIGNER = 'pat.phone@example.test';

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

const tag = (type: string, pageNumber: number, positionY: number, blockWidth = 180, blockHeight = 50) => ({
  key: type,
  type,
  pageNumber,
  positionX: 300,
  positionY,
  blockWidth,
  blockHeight,
  userEmail: SIGNER,
  wfsOrderId: 1,
  validations: { required: { value: true, message: '' } },
});

/** The element that has the keyboard lies wholly inside the document's scroller, above the action sheet. */
function focusedFieldInSight(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const field = document.activeElement?.closest('[data-tag-uuid]') ?? document.activeElement;
    const scroller = document.querySelector('[data-testid="document-scroller"]');
    const sheet = document.querySelector('[data-testid="phone-action-sheet"]');
    if (!field?.hasAttribute('data-tag-uuid') || !scroller || !sheet) return false;
    const f = field.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    return f.top >= s.top && f.bottom <= s.bottom && f.bottom <= sheet.getBoundingClientRect().top;
  });
}

const zoomLevel = async (page: Page) =>
  Number.parseInt((await page.getByTestId('zoom-level').textContent()) ?? '', 10);

describe('signing on a phone (issue 18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a signer opens the easy-sign link on a phone, is walked through every required field by the next-field bar, draws with a finger, signs, and the PDF validates', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const documentId = await upload(
      custodian.token,
      custodian.tenantId,
      'Phone contract.pdf',
      pagesPdf(['Phone contract, page 1', 'Phone contract, page 2', 'Phone contract, page 3']),
    );
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        subject: 'Phone contract 2027',
        steps: [{ type: 'SIGN', recipients: [{ email: SIGNER, firstName: 'Pat', lastName: 'Phone' }] }],
      },
    });
    const ePakId = created.data.ePakId;
    const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
      token: custodian.token,
      body: { tags: [tag('text', 1, 200, 200, 30), tag('signature', 2, 600), tag('text', 3, 700, 200, 30)] },
    });
    expect(placed.code).toBe(1);
    expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);

    // ── The link from the mail opens straight into the signing view laid out for a phone.
    const link = new URL(linkIn(await nextMail(SIGNER, /Please sign: Phone contract 2027/)));
    const page = await newPhonePage(browser);
    const cdp = await page.context().newCDPSession(page);
    await page.goto(link.pathname + link.search);
    await page.locator('[data-testid="signing-view"][data-layout="phone"]').waitFor();
    await page.getByTestId('pdf-page-1').getByTestId('page-canvas').waitFor();
    expect(await page.getByTestId('action-panel').count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    // Fit-width: the first page spans the scroller, not the 90 px pointer margin of the desktop.
    const scroller = await page.getByTestId('document-scroller').boundingBox();
    const page1 = await page.getByTestId('pdf-page-1').boundingBox();
    if (!scroller || !page1) throw new Error('no boxes');
    expect(scroller.width).toBe(390);
    expect(page1.width).toBeGreaterThan(370);
    await expectAccessible(page);

    // ── Pinch to zoom in, double tap back to fit-width, double tap to zoom in: never sideways on the page.
    const fit = await zoomLevel(page);
    await pinch(cdp, { x: 195, y: 400 }, 100, 200);
    await page.getByTestId('zoom-fit').waitFor();
    expect(await zoomLevel(page)).toBeGreaterThan(fit * 1.5);
    expect(await sidewaysOverflow(page)).toBe(0);
    await doubleTap(cdp, { x: 60, y: 500 });
    await page.getByTestId('zoom-fit').waitFor({ state: 'detached' });
    // Fit-width is worked out from the scroller's width once the mode is back (an effect): wait for it.
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="zoom-level"]')?.textContent === `${f}%`,
      fit,
    );
    await doubleTap(cdp, { x: 60, y: 500 });
    await page.getByTestId('zoom-fit').waitFor();
    expect(await zoomLevel(page)).toBe(fit * 2);
    await page.getByTestId('zoom-fit').tap();
    await page.getByTestId('zoom-fit').waitFor({ state: 'detached' });

    // ── The bar names the next field; each tap brings it into sight, above the sheet.
    expect(await page.getByTestId('required-progress').textContent()).toBe('0 of 3 required fields done');
    expect(await page.getByTestId('next-field-name').textContent()).toBe('Next: Text, page 1');
    await page.getByTestId('next-field').tap();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'sign-field');
    await page.waitForFunction(() => {
      const f = document.activeElement?.getBoundingClientRect();
      const s = document.querySelector('[data-testid="document-scroller"]')?.getBoundingClientRect();
      return !!f && !!s && f.top >= s.top && f.bottom <= s.bottom;
    });
    expect(await focusedFieldInSight(page)).toBe(true);
    await page.keyboard.type('Pat agrees');

    expect(await page.getByTestId('next-field-name').textContent()).toBe('Next: Signature, page 2');
    await page.getByTestId('next-field').tap();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-tag-type') === 'signature' && document.activeElement,
    );
    await page.waitForFunction(() => {
      const f = document.activeElement?.getBoundingClientRect();
      const s = document.querySelector('[data-testid="document-scroller"]')?.getBoundingClientRect();
      return !!f && !!s && f.top >= s.top && f.bottom <= s.bottom;
    });
    expect(await focusedFieldInSight(page)).toBe(true);

    // ── The pad fills the screen; a finger draws the signature.
    await page.locator('[data-testid="sign-open-tag"]:focus').tap();
    await page.getByTestId('signature-pad').waitFor();
    expect(await page.locator('[data-testid="signature-dialog"][data-full-screen="true"]').count()).toBe(1);
    const pad = await page.getByTestId('signature-pad').boundingBox();
    if (!pad) throw new Error('no pad');
    expect(pad.width).toBeGreaterThan(340);
    expect(pad.height).toBeGreaterThan(400);
    // Typing and uploading are one tap away.
    await page.getByTestId('signature-tab-type').waitFor();
    await page.getByTestId('signature-tab-upload').waitFor();
    await expectAccessible(page);
    expect(await page.getByTestId('signature-apply').isDisabled()).toBe(true);
    await touchStroke(
      cdp,
      Array.from({ length: 16 }, (_, i) => ({
        x: pad.x + 30 + i * 18,
        y: pad.y + pad.height / 2 - Math.sin(i / 2) * 60,
      })),
    );
    // Turned sideways, the pad takes the new width and keeps what was drawn; the view stays the phone's.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="signature-pad"]')?.getBoundingClientRect().width ?? 0) > 780,
    );
    expect(await page.locator('[data-testid="signing-view"][data-layout="phone"]').count()).toBe(1);
    const sideways = await page.getByTestId('signature-pad').boundingBox();
    expect(sideways?.height).toBeGreaterThan(120);
    expect(await page.getByTestId('signature-apply').isEnabled()).toBe(true);
    const canvas = await page.getByTestId('signature-pad').evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const pixels =
        c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let ink = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) ink++;
      return { sharp: c.width === Math.floor(c.clientWidth * devicePixelRatio), ink };
    });
    expect(canvas.sharp).toBe(true);
    expect(canvas.ink).toBeGreaterThan(500);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('signature-apply').tap();
    await page.getByTestId('signature-dialog').waitFor({ state: 'detached' });

    expect(await page.getByTestId('next-field-name').textContent()).toBe('Next: Text, page 3');
    await page.getByTestId('next-field').tap();
    await page.waitForFunction(() => {
      const f = document.activeElement;
      const s = document.querySelector('[data-testid="document-scroller"]')?.getBoundingClientRect();
      const r = f?.getBoundingClientRect();
      return (
        f?.getAttribute('data-testid') === 'sign-field' &&
        !!r &&
        !!s &&
        r.top >= s.top &&
        r.bottom <= s.bottom
      );
    });
    expect(await focusedFieldInSight(page)).toBe(true);
    await page.keyboard.type('Signed on my phone');
    expect(await page.getByTestId('required-progress').textContent()).toBe('3 of 3 required fields done');
    expect(await page.getByTestId('next-field').count()).toBe(0);

    // ── The rest of the panel is one tap away in a bottom sheet.
    await page.getByTestId('phone-more').tap();
    await page.getByTestId('action-reject').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('action-reject').waitFor({ state: 'detached' });

    await page.getByTestId('action-sign').tap();
    await page.getByText('You can close this window.').waitFor({ timeout: 30_000 });
    expect(await sidewaysOverflow(page)).toBe(0);

    // ── The signed PDF: one valid signature over the whole document.
    const res = await fetch(`${baseUrl()}/msbapi/v2/epaks/${ePakId}/documents/${documentId}/download`, {
      headers: { access_token: custodian.token },
    });
    const pdf = new Uint8Array(await res.arrayBuffer());
    const nss = nssDbTrusting([]);
    const signatures = await pdfsig(pdf, nss.dir).finally(() => nss.close());
    expect(signatures.map((s) => s.valid)).toEqual([true]);
    expect(signatures[0]?.totalDocumentSigned).toBe(true);
    expect(qpdfCheck(pdf)).toBeUndefined();
    await page.context().close();
  });
});
