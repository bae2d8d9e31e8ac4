import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { describe, expect, it } from 'vitest';
import { photographSignature } from '../apps/server/test/support/signature-photo.ts';
import { apiSignIn, baseUrl, callApi, goClientSide, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pagesPdf } from './support/pdf.ts';
import { inkIn, renderPage } from './support/render.ts';

const SIGNER = 'signer1@demo.test';

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

describe('a photographed signature (issue 22)', () => {
  const browser = setupBrowser();

  it('a signer uploads a phone photo of their signature, sees it cleaned to the ink alone, signs with it in French, and the PDF validates with the ink in the signature box', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const documentId = await upload(
      custodian.token,
      custodian.tenantId,
      'Photo agreement.pdf',
      pagesPdf(['Photo agreement, page 1']),
    );
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        subject: 'Photo agreement 2027',
        steps: [{ type: 'SIGN', recipients: [{ email: SIGNER }] }],
      },
    });
    const ePakId = created.data.ePakId;
    const box = { positionX: 300, positionY: 500, blockWidth: 200, blockHeight: 60 };
    const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
      token: custodian.token,
      body: {
        tags: [
          {
            key: 'signature',
            type: 'signature',
            pageNumber: 1,
            ...box,
            userEmail: SIGNER,
            wfsOrderId: 1,
            validations: { required: { value: true, message: '' } },
          },
        ],
      },
    });
    expect(placed.code).toBe(1);
    expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);

    // ── The photo: grain, uneven light, a shadow over part of the ink, a 4° tilt, JPEG.
    const photo = await photographSignature({ width: 1600, height: 1200 });

    const page = await browser.newPage();
    await signInAndWait(page, SIGNER);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-fr').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await goClientSide(page, `/sign?ePakId=${ePakId}`);
    await page.getByTestId('signing-view').waitFor();
    await page.locator('[data-testid="sign-open-tag"][data-tag-type="signature"]').first().click();
    await page.getByTestId('signature-apply').waitFor();
    await page.getByTestId('signature-tab-upload').click();
    expect(await page.getByTestId('signature-photo-button').textContent()).toBe('Importer une photo');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('signature-photo-button').click();
    await (await chooser).setFiles({ name: 'signature.jpg', mimeType: 'image/jpeg', buffer: photo.jpeg });
    await page.getByTestId('signature-photo-cleaned').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('signature-photo-cleaned').textContent()).toBe(
      'Photo nettoyée : seule l’encre est conservée.',
    );

    // The preview is the server's cleaned PNG: transparent paper, ink only.
    const preview = await page.getByTestId('signature-preview').getAttribute('src');
    expect(preview?.startsWith('data:image/png;base64,')).toBe(true);
    const corner = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      ctx?.drawImage(img, 0, 0);
      return { alpha: ctx?.getImageData(0, 0, 1, 1).data[3], width: img.width, height: img.height };
    }, preview ?? '');
    expect(corner.alpha).toBe(0);
    expect(corner.width).toBeGreaterThan(corner.height * 2);
    await expectAccessible(page);

    await page.getByTestId('signature-apply').click();
    await page.getByTestId('action-sign').click();
    await page.getByTestId('sign-finished').waitFor({ timeout: 30_000 });

    // ── The signed PDF: one valid signature, and the photographed ink drawn in its box.
    const res = await fetch(`${baseUrl()}/msbapi/v2/epaks/${ePakId}/documents/${documentId}/download`, {
      headers: { access_token: custodian.token },
    });
    const pdf = new Uint8Array(await res.arrayBuffer());
    const nss = nssDbTrusting([]);
    const signatures = await pdfsig(pdf, nss.dir).finally(() => nss.close());
    expect(signatures.map((s) => s.valid)).toEqual([true]);
    expect(signatures[0]?.totalDocumentSigned).toBe(true);
    expect(qpdfCheck(pdf)).toBeUndefined();
    const rendered = renderPage(pdf, 1);
    expect(
      inkIn(rendered, {
        x: box.positionX + 2,
        y: box.positionY + 2,
        width: box.blockWidth - 4,
        height: box.blockHeight - 4,
      }),
    ).toBeGreaterThan(0.01);
    await page.context().close();
  });
});
