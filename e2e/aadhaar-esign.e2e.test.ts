import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { downloadEpakDocument, uploadPdf } from './support/documents.ts';
import { sidewaysOverflow } from './support/phone.ts';

/**
 * Aadhaar eSign in the browser: the e2e server's AADHAAR provider is the loopback eSign service
 * (e2e/support/global-setup.ts). The signer chooses to sign, is sent to the service with Signet's
 * signed request, types the OTP there, and comes back to /aadhaar-redirect with the outcome; the
 * download carries the service's signature, valid in pdfsig with the service's CA trusted.
 */
const ESP_OTP = '123456';

async function drawSignature(page: Page): Promise<void> {
  await page.locator('[data-testid="sign-open-tag"][data-tag-type="signature"]').first().click();
  const pad = await page.getByTestId('signature-pad').boundingBox();
  if (!pad) throw new Error('no pad');
  await page.mouse.move(pad.x + 30, pad.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pad.x + 30 + i * 30, pad.y + 100 - (i % 3) * 30);
  await page.mouse.up();
  await page.getByTestId('signature-apply').click();
}

/** An ePak for one signer under `policy`, with their signature tag on page 1, sent. */
async function policyEpak(subject: string, policy: string, email = 'signer2@demo.test') {
  const custodian = await apiSignIn('custodian@demo.test');
  const documentId = await uploadPdf(custodian, subject);
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: {
      documentIds: [documentId],
      subject,
      steps: [{ type: 'SIGN', signingPolicy: policy, recipients: [{ email }] }],
    },
  });
  expect(created.code, created.message).toBe(1);
  const ePakId = created.data.ePakId;
  const tag = {
    key: 'signature',
    type: 'signature',
    userEmail: email,
    wfsOrderId: 1,
    pageNumber: 1,
    positionX: 60,
    positionY: 600,
    blockWidth: 160,
    blockHeight: 50,
  };
  const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
    token: custodian.token,
    body: { tags: [tag] },
  });
  expect(placed.code, placed.message).toBe(1);
  const started = await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token });
  expect(started.code, started.message).toBe(1);
  return { custodian, ePakId, documentId };
}

describe('Aadhaar eSign (issue 14)', () => {
  const browser = setupBrowser();

  it('a signer whose step is AADHAAR signs at the eSign service with an OTP and comes back to the outcome', async () => {
    const subject = `Rental agreement (Aadhaar) ${Date.now()}`;
    const { custodian, ePakId, documentId } = await policyEpak(subject, 'AADHAAR');

    const page = await browser.newPage();
    await signInAndWait(page, 'signer2@demo.test');
    await page.goto(`/sign?ePakId=${ePakId}`);
    expect(await page.getByTestId('signing-policy').getAttribute('data-policy')).toBe('AADHAAR');
    await drawSignature(page);
    await page.getByTestId('action-sign').click();

    // At the eSign service: its own page, the document named, the OTP asked for.
    await page.waitForURL((url) => url.origin === inject('espOrigin'));
    await page.getByText(subject).waitFor();
    await page.getByTestId('esp-otp').fill(ESP_OTP);
    await page.getByTestId('esp-verify').click();

    // Back at Signet, with the outcome.
    await page.waitForURL((url) => url.pathname === '/aadhaar-redirect');
    expect(new URL(page.url()).searchParams.get('status')).toBe('signed');
    await page.getByTestId('aadhaar-signed').waitFor();
    expect(await page.getByTestId('aadhaar-signed').textContent()).toContain('the ePak is complete');
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('aadhaar-back').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('aadhaar-back').getAttribute('href')).toBe(`/sign?ePakId=${ePakId}`);

    const bytes = await downloadEpakDocument(custodian, ePakId, documentId);
    const ca = Buffer.from(inject('espCaPem').replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const nss = nssDbTrusting([new Uint8Array(ca)]);
    try {
      const sigs = await pdfsig(bytes, nss.dir);
      expect(sigs.map((s) => [s.valid, s.trusted, s.totalDocumentSigned])).toEqual([[true, true, true]]);
    } finally {
      nss.close();
    }
    expect(qpdfCheck(bytes)).toBeUndefined();
  });

  it('a wrong OTP comes back as a clear failure and the signer can sign again', async () => {
    const { ePakId } = await policyEpak(`Loan deed (Aadhaar) ${Date.now()}`, 'AADHAAR');

    const page = await browser.newPage();
    await signInAndWait(page, 'signer2@demo.test');
    await page.goto(`/sign?ePakId=${ePakId}`);
    await drawSignature(page);
    await page.getByTestId('action-sign').click();
    await page.waitForURL((url) => url.origin === inject('espOrigin'));
    await page.getByTestId('esp-otp').fill('000000');
    await page.getByTestId('esp-verify').click();
    await page.waitForURL((url) => url.pathname === '/aadhaar-redirect');
    await page.getByTestId('aadhaar-failed').waitFor();
    expect(await page.getByTestId('aadhaar-failed').textContent()).toContain('The one-time code was wrong');
    expect(await page.getByTestId('aadhaar-back').textContent()).toBe('Sign again');
    await page.getByTestId('aadhaar-back').click();
    await page.waitForURL((url) => url.pathname === '/sign');
    await page.getByTestId('action-sign').waitFor();
  });

  it('a TRANSSPED signer chooses their certificate and a COSIGN signer enters their account, in the signing view', async () => {
    const transsped = await policyEpak(
      `Supply contract (TRANSSPED) ${Date.now()}`,
      'TRANSSPED',
      'signer1@demo.test',
    );
    const page = await browser.newPage();
    await signInAndWait(page, 'signer1@demo.test');
    await page.goto(`/sign?ePakId=${transsped.ePakId}`);
    await drawSignature(page);
    await page.getByTestId('action-sign').click();
    await page.getByTestId('transsped-certificates').getByText('signer1@demo.test (remote)').waitFor();
    await expectAccessible(page);
    await page.getByTestId('transsped-submit').click();
    await page.getByTestId('remote-pin').fill('2468');
    await page.getByTestId('remote-submit').click();
    await page.getByTestId('sign-finished').waitFor();

    const cosign = await policyEpak(`Board resolution (COSIGN) ${Date.now()}`, 'COSIGN', 'signer1@demo.test');
    await page.goto(`/sign?ePakId=${cosign.ePakId}`);
    await drawSignature(page);
    await page.getByTestId('action-sign').click();
    await page.getByTestId('cosign-username').fill('asha.cosign');
    await page.getByTestId('cosign-password').fill('Cosign-pass-1');
    await expectAccessible(page);
    await page.getByTestId('cosign-submit').click();
    await page.getByTestId('sign-finished').waitFor();

    const ca = Buffer.from(inject('cscCaPem').replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const nss = nssDbTrusting([new Uint8Array(ca)]);
    try {
      for (const e of [transsped, cosign]) {
        const bytes = await downloadEpakDocument(e.custodian, e.ePakId, e.documentId);
        const sigs = await pdfsig(bytes, nss.dir);
        expect(sigs.map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
      }
    } finally {
      nss.close();
    }
  });
});
