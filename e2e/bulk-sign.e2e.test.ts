import { join } from 'node:path';
import { verifyPdf } from '@signet/pdf';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiSignIn, callApi, setupBrowser, signIn, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { bulkSignDone, signOnce } from './support/bulk.ts';
import { downloadEpakDocument, uploadPdf } from './support/documents.ts';
import { PHONE, sidewaysOverflow } from './support/phone.ts';

const SIGNER = 'signer2@demo.test';
const PIN = '3691';

interface Made {
  ePakId: string;
  documentId: string;
  subject: string;
}

/** An INTERNAL ePak for the signer, made through the API: a signature tag, and a required field when asked. */
async function makeEpak(
  custodian: ApiSession,
  subject: string,
  opts: { requiredField?: boolean; policyOnEpak?: boolean } = {},
): Promise<Made> {
  const documentId = await uploadPdf(custodian, `${subject}.pdf`);
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: {
      documentIds: [documentId],
      subject,
      // On the ePak too, the list shows it and the PIN is asked before the first batch; on the
      // step alone the first batch's -77 asks for it.
      ...(opts.policyOnEpak ? { signingPolicy: 'INTERNAL' } : {}),
      steps: [{ type: 'SIGN', signingPolicy: 'INTERNAL', recipients: [{ email: SIGNER }] }],
    },
  });
  expect(created.code).toBe(1);
  const ePakId = created.data.ePakId;
  const base = { userEmail: SIGNER, wfsOrderId: 1, pageNumber: 1, positionX: 60 };
  const tags = [
    { ...base, key: 'signature', type: 'signature', positionY: 500, blockWidth: 160, blockHeight: 50 },
    ...(opts.requiredField
      ? [
          {
            ...base,
            key: 'text',
            type: 'text',
            label: 'Employee number',
            positionY: 300,
            blockWidth: 160,
            blockHeight: 24,
            validations: { required: { value: true, message: '' } },
          },
        ]
      : []),
  ];
  const placed = await callApi('POST', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
    token: custodian.token,
    body: { tags },
  });
  expect(placed.code).toBe(1);
  expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);
  return { ePakId, documentId, subject };
}

describe('bulk sign (issue 13)', () => {
  const browser = setupBrowser();

  // Selecting across pages ("select all matching") is in the templates-and-volume journey.
  it('a signer selects the ePaks waiting for them, signs once, sees progress, and the one needing a field is skipped', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const stamp = Date.now().toString(36);
    const subject = `Bulk offer ${stamp}`;
    const needsField = await makeEpak(custodian, `${subject} 00 with a field`, {
      requiredField: true,
      policyOnEpak: true,
    });
    const plain: Made[] = [];
    for (let i = 1; i <= 2; i++)
      plain.push(
        await makeEpak(custodian, `${subject} ${String(i).padStart(2, '0')}`, { policyOnEpak: true }),
      );

    const page = await browser.newPage();
    await signInAndWait(page, SIGNER);
    await page.goto(`/dashboard?searchKey=subject&searchVal=${encodeURIComponent(subject)}`);
    await page.getByTestId('epak-table').waitFor();
    await page.getByTestId('bulk-select-page').click();
    await expect.poll(() => page.getByTestId('bulk-selected-count').textContent()).toBe('3 selected');
    await expectAccessible(page);

    await page.getByTestId('bulk-sign').click();
    await signOnce(page, 'Sara Signer', PIN, true);
    // The first batch is on its way: the run shows its progress, ePak by ePak.
    await page.locator('[data-testid="bulk-progress"][data-phase="running"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('bulk-progress-bar').count()).toBe(1);
    await expectAccessible(page);
    expect(await bulkSignDone(page, 120_000)).toBe('3 of 3 done: 2 signed, 1 skipped');
    const skipped = page.getByTestId(`bulk-skipped-${needsField.ePakId}`);
    expect(await skipped.textContent()).toContain('Needs fields filled in first: Employee number');
    for (const made of plain)
      expect(await page.getByTestId(`bulk-row-${made.ePakId}`).getAttribute('data-state')).toBe('signed');
    await expectAccessible(page);
    await page.getByTestId('bulk-close').click();
    // Only the ePak that needs its field is still waiting.
    await expect.poll(() => page.locator('[data-testid^="epak-row-"]').count()).toBe(1);
    expect(await page.getByTestId(`epak-row-${needsField.ePakId}`).count()).toBe(1);

    // Each signed document carries its own signature, valid in pdfsig; the skipped one none.
    const nss = nssDbTrusting([]);
    try {
      for (const made of plain) {
        const pdf = await downloadEpakDocument(custodian, made.ePakId, made.documentId);
        const signatures = await pdfsig(pdf, nss.dir);
        expect(signatures.map((s) => [s.valid, s.totalDocumentSigned])).toEqual([[true, true]]);
        expect(signatures[0]?.text).toContain('Sara Signer');
        expect(qpdfCheck(pdf)).toBeUndefined();
      }
      expect(
        verifyPdf(await downloadEpakDocument(custodian, needsField.ePakId, needsField.documentId)).signatures,
      ).toEqual([]);
    } finally {
      nss.close();
    }
  }, 240_000);

  it('at phone width (390 px) the signer ticks cards and bulk-signs them, nothing scrolling sideways', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    const subject = `Bulk phone ${Date.now().toString(36)}`;
    const made = [await makeEpak(custodian, `${subject} A`), await makeEpak(custodian, `${subject} B`)];
    const page = await browser.newPage(PHONE);
    // On a phone the header is a menu button, not the user menu.
    await signIn(page, SIGNER);
    await page.getByTestId('dashboard-title').waitFor();
    await page.goto(`/dashboard?searchKey=subject&searchVal=${encodeURIComponent(subject)}`);
    await page.getByTestId('epak-cards').waitFor();
    for (const m of made) await page.getByTestId(`select-${m.ePakId}`).check();
    await expect.poll(() => page.getByTestId('bulk-selected-count').textContent()).toBe('2 selected');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByTestId('bulk-sign').click();
    expect(await page.getByTestId('signature-dialog').getAttribute('data-full-screen')).toBe('true');
    try {
      await signOnce(page, 'Sara Signer', PIN, false);
    } catch (error) {
      await page.screenshot({ path: join(inject('artifactsDir'), 'bulk-sign-phone.png') });
      throw error;
    }
    expect(await bulkSignDone(page, 60_000)).toBe('2 of 2 done: 2 signed, 0 skipped');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByTestId('bulk-close').click();
    await page.getByTestId('epak-list-empty').waitFor();
  }, 120_000);
});
