import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { uploadPdf } from './support/documents.ts';

const SUBJECT = 'E2E Lease agreement';

describe('dashboard against the ePak API', () => {
  const browser = setupBrowser();

  it('a custodian finds a draft in its folder, stars it, opens it and searches for it', async () => {
    const custodian = await apiSignIn('custodian@demo.test');
    // Other journeys share this server: the folder counts one draft more than before, whatever it held.
    const before = await callApi<unknown[]>('GET', '/v2/epaks?folder=Draft&size=1', {
      token: custodian.token,
    });
    const draftsBefore = (before.metadata as { folderCounts: { Draft: number } }).folderCounts.Draft;
    const documentId = await uploadPdf(custodian, 'Lease.pdf');
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        subject: SUBJECT,
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] }],
        tags: [{ key: 'dept', value: 'legal' }],
      },
    });
    expect(created.code).toBe(1);
    const id = created.data.ePakId;

    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('folder-nav').waitFor();
    await expect
      .poll(() => page.getByTestId('folder-count-Draft').textContent())
      .toBe(String(draftsBefore + 1));
    await page.getByTestId('folder-Draft').click();
    const row = page.getByTestId(`epak-row-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(SUBJECT);

    await page.getByTestId(`star-${id}`).click();
    await expect.poll(() => page.getByTestId(`star-${id}`).getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId(`open-${id}`).click();
    await page.getByTestId('epak-steps').waitFor();
    expect(page.url()).toContain(`ePakId=${id}`);
    expect(await page.getByTestId('recipient-signer2@demo.test').textContent()).toContain(
      'signer2@demo.test',
    );
    expect(await page.getByTestId('epak-documents').textContent()).toContain('Lease');
    await page.keyboard.press('Escape');
    await page.getByTestId('epak-steps').waitFor({ state: 'detached' });

    await page.getByTestId('global-search-type').click();
    await page.getByRole('option', { name: 'Subject' }).click();
    await page.getByTestId('global-search-input').fill('E2E Lease');
    await page.getByTestId('global-search-input').press('Enter');
    await page.getByTestId('search-chip').waitFor();
    expect(page.url()).toContain('searchKey=subject&searchVal=E2E+Lease');
  });
});
