import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nssDbTrusting, pdfsig, qpdfCheck, rgbaPng } from '@signet/pdf/testing';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { linkIn, nextMail } from './support/mail.ts';
import { pagesPdf } from './support/pdf.ts';
import { inkIn, renderPage } from './support/render.ts';

async function addSigners(page: Page, step: number, text: string): Promise<void> {
  const input = page.getByTestId(`step-${step}-signers`);
  await input.fill(text);
  await input.press('Enter');
}

const tagCount = (page: Page) => page.getByTestId('placed-tag').count();

/** The tag editor lists the recipients by name (issue 31): one click chooses one. */
async function chooseRecipient(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name }).click();
}

/** Opens the signature dialog of the signer's first signature tag. */
async function openSignature(page: Page): Promise<void> {
  await page.locator('[data-testid="sign-open-tag"][data-tag-type="signature"]').first().click();
  await page.getByTestId('signature-apply').waitFor();
}

async function finishSigning(page: Page): Promise<void> {
  await page.getByTestId('action-sign').click();
}

interface Block {
  uuid: string;
  type: string;
  userEmail: string;
  pageNumber: number;
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
}

describe('the signing journey (issue 5)', () => {
  const browser = setupBrowser();

  it('a custodian composes a two-step ePak with tags on two pages, three people sign in the browser, and the downloaded PDF carries three valid signatures with the values where they were placed', async () => {
    // ── The custodian composes: two signers in parallel, then one who signs with their own certificate.
    const custodian = await browser.newPage();
    await signInAndWait(custodian, 'custodian@demo.test');
    await custodian.goto('/compose');
    await custodian.getByTestId('upload-input').setInputFiles({
      name: 'Supply agreement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pagesPdf(['Supply agreement, page 1', 'Supply agreement, page 2'])),
    });
    await custodian.getByTestId('uploaded-document').waitFor();
    expect(await custodian.getByTestId('uploaded-document').textContent()).toContain('2 pages');

    await addSigners(custodian, 1, 'not-an-email');
    await custodian.getByTestId('step-1-signers-rejected').waitFor();
    expect(await custodian.getByTestId('step-1-signers-rejected').textContent()).toContain(
      'not a valid email address',
    );
    // Two signers pasted at once, looked up together: they sign in parallel.
    await addSigners(custodian, 1, 'signer1@demo.test;signer2@demo.test');
    await custodian.getByText('signer2@demo.test').first().waitFor();
    await custodian.getByTestId('add-step').click();
    await addSigners(custodian, 2, 'submitter@demo.test');
    await custodian.getByTestId('step-2-policy').click();
    await custodian
      .getByRole('option', { name: 'Personal certificate with a PIN (INTERNAL)', exact: true })
      .click();
    await custodian.getByTestId('compose-subject').fill('Supply agreement 2027');
    await custodian.getByTestId('compose-continue').click();

    // ── Tags, at actual size so that a pixel on screen is a point on the page.
    await custodian.getByTestId('tag-editor').waitFor();
    await custodian.getByText('Actual size').click();
    await custodian.getByTestId('pdf-page-2').waitFor();
    const surface1 = custodian.getByTestId('page-surface-1');
    await surface1.click({ position: { x: 100, y: 400 } });
    expect(await tagCount(custodian)).toBe(1);
    // The same spot again: signature tags may not overlap.
    await surface1.click({ position: { x: 30, y: 380 } });
    await custodian.getByText('Signature tags cannot overlap.').waitFor();
    expect(await tagCount(custodian)).toBe(1);
    // signer1 also types a text on page 2.
    await custodian.getByTestId('palette-text').click();
    await custodian.getByTestId('page-surface-2').click({ position: { x: 100, y: 200 } });
    expect(await tagCount(custodian)).toBe(2);

    await chooseRecipient(custodian, 'Sara Signer');
    await custodian.getByTestId('palette-signature').click();
    await surface1.click({ position: { x: 100, y: 600 } });
    // A text tag, copied and pasted (10 right, 8 down), then the copy deleted.
    await custodian.getByTestId('palette-text').click();
    await surface1.click({ position: { x: 300, y: 600 } });
    expect(await tagCount(custodian)).toBe(4);
    await custodian.getByRole('button', { name: 'Text tag for Sara Signer on page 1' }).focus();
    await custodian.keyboard.press('Control+c');
    await custodian.keyboard.press('Control+v');
    expect(await tagCount(custodian)).toBe(5);
    await custodian.keyboard.press('Delete');
    expect(await tagCount(custodian)).toBe(4);

    await chooseRecipient(custodian, 'Sofia Submitter');
    await custodian.getByTestId('palette-signature').click();
    await custodian.getByTestId('page-surface-2').click({ position: { x: 100, y: 100 } });
    expect(await tagCount(custodian)).toBe(5);
    // Drag the submitter's tag from page 2 to page 1: held at the top edge, the pages scroll up.
    const moving = custodian.getByRole('button', { name: 'Signature tag for Sofia Submitter on page 2' });
    await moving.scrollIntoViewIfNeeded();
    const from = await moving.boundingBox();
    const pages = await custodian.locator('[data-scroll-pages]').boundingBox();
    if (!from || !pages) throw new Error('no boxes');
    await custodian.mouse.move(from.x + 10, from.y + 10);
    await custodian.mouse.down();
    await custodian.mouse.move(from.x + 10, pages.y + 10, { steps: 6 });
    await custodian.waitForFunction(
      () => (document.querySelector('[data-scroll-pages]')?.scrollTop ?? 1) === 0,
    );
    const target = await surface1.boundingBox();
    if (!target) throw new Error('no page 1');
    await custodian.mouse.move(target.x + 300, target.y + 150, { steps: 8 });
    await custodian.mouse.move(target.x + 310, target.y + 160, { steps: 2 });
    await custodian.mouse.up();
    await custodian.getByRole('button', { name: 'Signature tag for Sofia Submitter on page 1' }).waitFor();

    // The editor, with tags placed and one selected, has no serious accessibility problem.
    await expectAccessible(custodian);
    await custodian.getByTestId('epak-send').click();
    await custodian.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(custodian.url()).searchParams.get('ePakId') ?? '';

    const api = await apiSignIn('custodian@demo.test');
    const detail = await callApi<{ status: string; documents: { id: string }[] }>(
      'GET',
      `/v2/epaks/${ePakId}`,
      {
        token: api.token,
      },
    );
    expect(detail.data.status).toBe('InProgress');
    const documentId = detail.data.documents[0]?.id ?? '';
    const blocks = (
      await callApi<Block[]>('GET', `/v2/epaks/${ePakId}/documents/${documentId}/signatureblocks`, {
        token: api.token,
      })
    ).data;
    // Positions in points; the page box may sit half a pixel off the grid the clicks land on.
    const near = (b: Block) => [
      b.type,
      b.userEmail,
      b.pageNumber,
      Math.round(b.positionX / 2) * 2,
      Math.round(b.positionY / 2) * 2,
    ];
    expect(blocks.map(near).sort()).toEqual(
      [
        ['signature', 'signer1@demo.test', 1, 100, 400],
        ['text', 'signer1@demo.test', 2, 100, 200],
        ['signature', 'signer2@demo.test', 1, 100, 600],
        ['text', 'signer2@demo.test', 1, 300, 600],
        ['signature', 'submitter@demo.test', 1, 300, 150],
      ].sort(),
    );

    // ── signer1 opens it from the dashboard, draws a signature and types the text.
    const signer1 = await browser.newPage();
    await signInAndWait(signer1, 'signer1@demo.test');
    await signer1.goto(`/dashboard?ePakId=${ePakId}`);
    await signer1.getByTestId('epak-open-sign').click();
    await signer1.getByTestId('signing-view').waitFor();
    await signer1.getByTestId('next-pointer').waitFor();
    await expectAccessible(signer1);
    // Signing with fields empty points at them instead.
    await finishSigning(signer1);
    await signer1.getByText('Please fill in the 2 required fields first.').waitFor();
    await openSignature(signer1);
    const pad = await signer1.getByTestId('signature-pad').boundingBox();
    if (!pad) throw new Error('no pad');
    await signer1.mouse.move(pad.x + 40, pad.y + 120);
    await signer1.mouse.down();
    for (let i = 1; i <= 12; i++)
      await signer1.mouse.move(pad.x + 40 + i * 25, pad.y + 120 - Math.sin(i / 1.5) * 50);
    await signer1.mouse.up();
    await signer1.getByTestId('signature-apply').click();
    await signer1.getByTestId('sign-field').fill('Approved by S1');
    expect(await signer1.getByTestId('required-progress').textContent()).toBe('2 of 2 required fields done');
    await finishSigning(signer1);
    await signer1.getByTestId('sign-finished').waitFor();

    // ── signer2 has no session here: the easy-sign link from the mail opens the signing view.
    const mail = await nextMail('signer2@demo.test', /Please sign: Supply agreement 2027/);
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/sign');
    const signer2 = await browser.newPage();
    await signer2.goto(link.pathname + link.search);
    await signer2.getByTestId('signing-view').waitFor();
    expect(await signer2.getByTestId('sign-back').count()).toBe(0);
    // The link's session in this browser reaches this ePak only: no list, no statistics.
    const fromTheLink = await signer2.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('signet.session') ?? '{}') as { accessToken?: string };
      const headers = { access_token: stored.accessToken ?? '' };
      const statuses: number[] = [];
      for (const path of ['/msbapi/v2/epaks', '/msbapi/v2/statistics'])
        statuses.push((await fetch(path, { headers })).status);
      return statuses;
    });
    expect(fromTheLink).toEqual([403, 403]);
    await openSignature(signer2);
    await signer2.getByTestId('signature-tab-type').click();
    await signer2.getByTestId('signature-typed').fill('Sigrid Signer');
    await signer2.getByTestId('signature-preview').waitFor();
    await signer2.getByTestId('signature-apply').click();
    await signer2.getByTestId('sign-field').fill('S2 agrees');
    await finishSigning(signer2);
    await signer2.getByText('You can close this window.').waitFor();

    // ── The submitter uploads a signature picture and signs with a new personal certificate and PIN.
    const submitter = await browser.newPage();
    await signInAndWait(submitter, 'submitter@demo.test');
    await submitter.goto(`/sign?ePakId=${ePakId}`);
    // The two signers' finished signatures are the page's own (drawn into the PDF as they signed,
    // with name and time): their frames draw no second picture over them and never show their
    // data: text (issue 31).
    await expect.poll(() => submitter.getByTestId('other-tag').count()).toBeGreaterThanOrEqual(2);
    const others = await submitter
      .getByTestId('other-tag')
      .evaluateAll((tags) =>
        tags.map((tag) => ({ text: tag.textContent ?? '', img: tag.querySelector('img') !== null })),
      );
    expect(others.filter((o) => o.img)).toEqual([]);
    expect(others.filter((o) => o.text.includes('data:'))).toEqual([]);
    await openSignature(submitter);
    await submitter.getByTestId('signature-tab-upload').click();
    const chooser = submitter.waitForEvent('filechooser');
    await submitter.getByTestId('signature-upload-button').click();
    await (await chooser).setFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: rgbaPng(240, 80, (x, y) =>
        Math.abs(y - 40 - Math.sin(x / 12) * 25) < 4 ? [20, 20, 90, 255] : [0, 0, 0, 0],
      ),
    });
    await submitter.getByTestId('signature-preview').waitFor();
    await submitter.getByTestId('signature-apply').click();
    await finishSigning(submitter);
    await submitter.getByTestId('pin-input').waitFor();
    await submitter.getByTestId('pin-input').fill('4711');
    await submitter.getByTestId('pin-again').fill('4711');
    await submitter.getByTestId('pin-submit').click();
    await submitter.getByTestId('sign-finished').waitFor();

    // ── The custodian downloads the zip from the ePak's panel.
    await custodian.goto(`/dashboard?ePakId=${ePakId}`);
    await custodian.getByTestId('epak-detail-status').getByText('Completed').waitFor({ timeout: 30_000 });
    const dir = mkdtempSync(join(tmpdir(), 'signet-journey-'));
    try {
      const download = custodian.waitForEvent('download');
      await custodian.getByTestId('epak-download').click();
      const zipPath = join(dir, 'epak.zip');
      await (await download).saveAs(zipPath);
      const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
      const name = Object.keys(files).find((f) => f.startsWith('Supply agreement') && f.endsWith('.pdf'));
      const pdf = name ? files[name] : undefined;
      if (!pdf) throw new Error(`no signed document in ${Object.keys(files).join(', ')}`);

      // Validity is judged here (digest and signature math); trust in the tenant CA is the server suites' part.
      const nss = nssDbTrusting([]);
      const signatures = await pdfsig(pdf, nss.dir).finally(() => nss.close());
      expect(signatures.map((s) => s.valid)).toEqual([true, true, true]);
      expect(signatures.at(-1)?.totalDocumentSigned).toBe(true);
      expect(qpdfCheck(pdf)).toBeUndefined();

      // The values are drawn where the tags were placed, and nowhere else.
      const box = (b: Block) => ({
        x: b.positionX + 2,
        y: b.positionY + 2,
        width: b.blockWidth - 4,
        height: b.blockHeight - 4,
      });
      const page1 = renderPage(pdf, 1);
      const page2 = renderPage(pdf, 2);
      for (const b of blocks)
        expect(
          inkIn(b.pageNumber === 1 ? page1 : page2, box(b)),
          `${b.type} of ${b.userEmail}`,
        ).toBeGreaterThan(0.01);
      expect(inkIn(page1, { x: 420, y: 250, width: 140, height: 100 })).toBe(0);
      expect(inkIn(page2, { x: 300, y: 400, width: 200, height: 200 })).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
