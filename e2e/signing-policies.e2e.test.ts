import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nssDbTrusting, opensslCa, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, baseUrl, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { pagesPdf } from './support/pdf.ts';

/** A signer's token stands in as a PKCS#12 file: an RSA key and certificate from a CA of their own. */
function tokenFile(dir: string): { p12: Buffer; caDer: Uint8Array } {
  const ca = opensslCa(dir, '/CN=Token Provider CA', 'rsa');
  ca.issue('token', 'Sanjay Token Signer', 'rsa');
  return { p12: ca.pkcs12('token', 'token-pass'), caDer: ca.caDer };
}

async function upload(
  token: string,
  tenantId: string | null,
  name: string,
  pdf: Uint8Array,
): Promise<string> {
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

const signatureTag = (email: string, step: number, y: number) => ({
  key: 'signature',
  type: 'signature',
  pageNumber: 1,
  positionX: 60,
  positionY: y,
  blockWidth: 160,
  blockHeight: 50,
  userEmail: email,
  wfsOrderId: step,
});

describe('signing policies in the browser (issue 5)', () => {
  const browser = setupBrowser();
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'signet-token-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a reviewer reviews, a DSC signer signs with their own key in the browser, and the custodian hosts an in-person signer', async () => {
    const { p12, caDer } = tokenFile(dir);
    const custodianApi = await apiSignIn('custodian@demo.test');
    const documentId = await upload(
      custodianApi.token,
      custodianApi.tenantId,
      'Lease.pdf',
      pagesPdf(['Lease']),
    );
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodianApi.token,
      body: {
        documentIds: [documentId],
        subject: 'Lease with a token',
        steps: [
          { type: 'REVIEW', recipients: [{ email: 'signer2@demo.test' }] },
          { type: 'SIGN', signingPolicy: 'DSC', recipients: [{ email: 'signer1@demo.test' }] },
          {
            type: 'INPERSONSIGN',
            signingPolicy: 'ESIGNATURE',
            recipients: [{ email: 'submitter@demo.test' }],
          },
        ],
      },
    });
    const ePakId = created.data.ePakId;
    const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
      token: custodianApi.token,
      body: {
        tags: [signatureTag('signer1@demo.test', 2, 300), signatureTag('submitter@demo.test', 3, 500)],
      },
    });
    expect(placed.code).toBe(1);
    expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodianApi.token })).code).toBe(1);

    // The reviewer marks the document reviewed.
    const reviewer = await browser.newPage();
    await signInAndWait(reviewer, 'signer2@demo.test');
    await reviewer.goto(`/sign?ePakId=${ePakId}`);
    await reviewer.getByTestId('action-review').click();
    await reviewer.getByText('Thank you, your review is recorded.').waitFor();

    // The DSC signer: Signet sees only the certificate and the signature value.
    const signer = await browser.newPage();
    await signInAndWait(signer, 'signer1@demo.test');
    await signer.goto(`/sign?ePakId=${ePakId}`);
    expect(await signer.getByTestId('signing-policy').getAttribute('data-policy')).toBe('DSC');
    await drawSignature(signer);
    await signer.getByTestId('action-sign').click();
    await signer.getByTestId('device-password').waitFor();
    const chooser = signer.waitForEvent('filechooser');
    await signer.getByTestId('device-file').click();
    await (await chooser).setFiles({ name: 'token.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
    await signer.getByTestId('device-password').fill('wrong');
    await signer.getByTestId('device-sign').click();
    await signer.getByText('The password does not open this file.').waitFor();
    await signer.getByTestId('device-password').fill('token-pass');
    await signer.getByTestId('device-sign').click();
    await signer.getByTestId('sign-finished').waitFor();
    // The agent port is remembered as the DSC port, which sign-out keeps.
    expect(await signer.evaluate(() => localStorage.getItem('signet.dscPort'))).toBe('1645');

    // The custodian hosts the in-person signer on their own session.
    const custodian = await browser.newPage();
    await signInAndWait(custodian, 'custodian@demo.test');
    await custodian.goto(`/dashboard?ePakId=${ePakId}`);
    await custodian.getByTestId('epak-open-sign').click();
    await custodian.getByTestId('host-recipient').click();
    await custodian.getByText('Hosting submitter@demo.test in person').waitFor();
    await drawSignature(custodian);
    await custodian.getByTestId('action-sign').click();
    await custodian.getByTestId('sign-nothing-to-do').getByText('Completed').waitFor();

    const res = await fetch(`${baseUrl()}/msbapi/v2/epaks/${ePakId}/documents/${documentId}/download`, {
      headers: { access_token: custodianApi.token },
    });
    const pdf = new Uint8Array(await res.arrayBuffer());
    const nss = nssDbTrusting([caDer]);
    try {
      const signatures = await pdfsig(pdf, nss.dir);
      expect(signatures.map((s) => s.valid)).toEqual([true, true]);
      // The token's signature: its own certificate, trusted through the token provider's CA.
      expect(signatures[0]?.text).toContain('Sanjay Token Signer');
      expect(signatures[0]?.trusted).toBe(true);
      expect(signatures[1]?.totalDocumentSigned).toBe(true);
    } finally {
      nss.close();
    }
    expect(qpdfCheck(pdf)).toBeUndefined();
  });
});
