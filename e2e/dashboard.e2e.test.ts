import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signIn, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { signedEpakDocument, uploadPdf } from './support/documents.ts';
import { PHONE } from './support/phone.ts';

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

  it('the ePaks-by-status chart writes every status on a line of its own, none over another, on a phone and a laptop in English, Hindi and French', async () => {
    // The custodian has a draft, an ePak in progress and a completed one, whatever else is there.
    const custodian = await apiSignIn('custodian@demo.test');
    const draft = await uploadPdf(custodian, 'Chart draft.pdf');
    expect(
      (
        await callApi('POST', '/v2/epak', {
          token: custodian.token,
          body: {
            documentIds: [draft],
            subject: 'Chart draft',
            steps: [{ type: 'SIGN', recipients: [{ email: 'signer2@demo.test' }] }],
          },
        })
      ).code,
    ).toBe(1);
    await signedEpakDocument('Chart completed');

    for (const [width, language] of [
      [390, 'en'],
      [390, 'hi'],
      [390, 'fr'],
      [1366, 'en'],
      [1366, 'hi'],
      [1366, 'fr'],
    ] as const) {
      const phone = width < 768;
      const page = await browser.newPage(phone ? PHONE : { viewport: { width, height: 900 } });
      await page.addInitScript((l) => localStorage.setItem('signet.locale', l), language);
      await signIn(page, 'custodian@demo.test');
      await page.getByTestId('dashboard-title').waitFor();
      if (phone) await page.getByTestId('statistics-toggle').click();
      const labels = page.locator('[data-testid="summary-chart"] [data-category-label]');
      await expect
        .poll(() => labels.count(), { message: `${width} px, ${language}` })
        .toBeGreaterThanOrEqual(2);
      const drawing = await page.getByTestId('summary-chart-drawing').boundingBox();
      const boxes = await labels.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      const overlapping: string[] = [];
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            overlapping.push(`${a.text} × ${b.text}`);
      expect(overlapping, `${width} px, ${language}`).toEqual([]);
      // Each label is whole on the drawing: not cut at its left edge, not empty.
      for (const box of boxes) {
        expect(box.text.trim(), `${width} px, ${language}`).not.toBe('');
        expect(box.left, `${box.text} at ${width} px, ${language}`).toBeGreaterThanOrEqual(drawing?.x ?? 0);
      }
      if (width === 1366 && language === 'hi') await expectAccessible(page);
      await page.context().close();
    }
  });
});
