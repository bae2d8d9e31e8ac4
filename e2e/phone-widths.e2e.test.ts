import type { Role, TenantConfiguration } from '@signet/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  baseUrl,
  callApi,
  DEMO_PASSWORD,
  goClientSide,
  setupBrowser,
  signIn,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { onePagePdf } from './support/pdf.ts';
import { ACCOUNTS, PUBLIC_PATHS, pathsFor, settled, settledOrThrow } from './support/screens.ts';

/** The narrowest and widest phones people sign on, and the common one between. */
const WIDTHS = [360, 390, 430] as const;
const PHONE = { viewport: { width: WIDTHS[0], height: 800 }, isMobile: true, hasTouch: true };

/** Widths at which the current screen scrolls sideways, with the widest element that sticks out. */
async function overflowing(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // A screen may navigate again on a resize (its search parameters): measure it settled.
    await settledOrThrow(page).catch(() => undefined);
    const measured = await page.evaluate(() => {
      const vw = document.documentElement.clientWidth;
      let culprit = '';
      let right = vw;
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right > right + 0.5 && r.width > 0) {
          right = r.right;
          culprit = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}${
            el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''
          }`;
        }
      }
      // A box that scrolls sideways inside the page hides its right part just as well.
      const inner = [...document.body.querySelectorAll('*')]
        .filter((el) => {
          if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return false;
          const overflowX = getComputedStyle(el).overflowX;
          return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
        })
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${el.scrollWidth}/${el.clientWidth}`,
        );
      return { scroll: document.documentElement.scrollWidth, vw, culprit, inner };
    });
    if (measured.scroll !== width) {
      found.push(`${path} at ${width}: scroll width ${measured.scroll} (${measured.culprit})`);
    }
    for (const box of measured.inner) found.push(`${path} at ${width}: a box scrolls sideways (${box})`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  return found;
}

/** Opens each path client-side (one page, no reloads) and lists what scrolls sideways or never drew. */
async function screensOverflowing(page: Page, who: string, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await goClientSide(page, path);
    const unsettled = await settled(page, `${who} ${path}`);
    found.push(...unsettled);
    if (unsettled.length === 0) found.push(...(await overflowing(page, `${who} ${path}`)));
  }
  return found;
}

describe('every screen at phone width', () => {
  const browser = setupBrowser();
  let ePakId = '';

  // The stamp-paper screen drawn with a paper in it (the switch is off in the demo tenant).
  const setStampPapers = async (on: boolean) => {
    const admin = await apiSignIn('admin@demo.test');
    const config = await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token });
    await callApi('PUT', '/v1/configuration', {
      token: admin.token,
      body: { features: { ...config.data.features, stampPaper: on } },
    });
    return admin;
  };
  const stampPaperOnShow = async () => {
    const admin = await setStampPapers(true);
    const form = new FormData();
    form.append('stampId', `IN-MH-PHONE-${Date.now()}`);
    form.append('stateCode', 'MH');
    form.append('denomination', '500');
    form.append('certificate', new Blob([onePagePdf('e-Stamp')], { type: 'application/pdf' }), 'stamp.pdf');
    const added = (await (
      await fetch(`${baseUrl()}/msbapi/v2/stamppaper`, {
        method: 'POST',
        headers: { access_token: admin.token },
        body: form,
      })
    ).json()) as { code: number };
    expect(added.code).toBe(1);
  };
  afterAll(() => setStampPapers(false));

  // Something in the custodian's Pending folder and the signer's inbox, so lists show cards; a stamp paper.
  beforeAll(async () => {
    await stampPaperOnShow();
    const custodian = await apiSignIn('custodian@demo.test');
    const form = new FormData();
    form.append(
      'file',
      new Blob([onePagePdf('Phone lease')], { type: 'application/pdf' }),
      'Phone lease.pdf',
    );
    const upload = (await (
      await fetch(`${baseUrl()}/msbapi/v1/documents`, {
        method: 'POST',
        headers: { access_token: custodian.token },
        body: form,
      })
    ).json()) as { data: { documentId: string }[] };
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [upload.data[0]?.documentId],
        subject: 'A lease with a rather long subject that has to wrap on a phone screen',
        // A review needs no signature field placed, so it starts as it is.
        steps: [{ type: 'REVIEW', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    });
    expect(created.code).toBe(1);
    ePakId = created.data.ePakId;
    expect(
      (await callApi('POST', `/v2/epaks/${created.data.ePakId}/start`, { token: custodian.token })).code,
    ).toBe(1);
  });

  it('no screen a visitor or any demo role may open scrolls sideways at 360, 390 or 430 px', async () => {
    const failures: string[] = [];
    const visitor = await browser.newPage(PHONE);
    await visitor.goto('/login');
    failures.push(...(await screensOverflowing(visitor, 'visitor', PUBLIC_PATHS)));
    await visitor.context().close();
    for (const [role, email] of Object.entries(ACCOUNTS) as [Role, string][]) {
      const page = await browser.newPage(PHONE);
      await signIn(page, email);
      await page.getByTestId('phone-menu-button').waitFor();
      failures.push(...(await screensOverflowing(page, role, pathsFor(role))));
      await page.context().close();
    }
    expect(failures).toEqual([]);
    // Six roles, about a hundred screens, three widths each.
  }, 240_000);

  it('on a phone the menus are behind one button, by the same role rules, and the inbox comes first as cards', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, 'signer1@demo.test');
    await page.getByTestId('phone-menu-button').waitFor();
    expect(await page.getByTestId('top-menu').count()).toBe(0);
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await page.getByTestId('phone-menu-button').click();
    const drawer = page.getByTestId('phone-menu');
    await drawer.getByTestId('menu-logout').waitFor();
    expect(await drawer.getByTestId('nav-epaks').count()).toBe(1);
    // A signer composes nothing (spec §2), on a phone as on a desktop.
    expect(await drawer.getByTestId('nav-compose').count()).toBe(0);
    await drawer.getByTestId('global-search-input').waitFor();
    await drawer.getByTestId('language-menu').waitFor();
    await expectAccessible(page);
    await drawer.getByTestId('nav-epaks').click();
    await drawer.getByTestId('menu-logout').waitFor({ state: 'detached' });
    await page.getByTestId('epaks-title').waitFor();

    await goClientSide(page, '/dashboard');
    await page.getByTestId('epak-cards').waitFor();
    // The inbox before the charts: the list is above the statistics on the page.
    expect(await page.getByTestId('statistics-panel').count()).toBe(0);
    await page.getByTestId('statistics-toggle').click();
    await page.getByTestId('statistics-panel').waitFor();
    const list = await page.getByTestId('epak-cards').boundingBox();
    const stats = await page.getByTestId('statistics-panel').boundingBox();
    expect(list && stats && list.y + list.height <= stats.y).toBe(true);
    // Folders are one select, and each card has its status, sender, due date and one action.
    await page.getByTestId('folder-select').waitFor();
    const card = page.getByTestId(`epak-card-${ePakId}`);
    expect(await card.getByTestId('epak-card-status').count()).toBe(1);
    expect(await card.getByTestId('epak-card-from').count()).toBe(1);
    expect(await card.getByTestId('epak-card-due').count()).toBe(1);
    expect(await card.getByTestId('epak-card-action').count()).toBe(1);
    // The signer is awaited in the custodian's review: the card's action is that review.
    expect(await card.getByTestId('epak-card-action').textContent()).toBe('Review');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
  });

  it('on a phone a dialog fills the screen and a table becomes cards with their actions in reach', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, 'admin@demo.test');
    await page.getByTestId('phone-menu-button').waitFor();
    await goClientSide(page, '/admin?tab=users');
    const table = page.getByTestId('users-table');
    const card = table.locator('[data-testid="users-row"][data-email="custodian@demo.test"]');
    await card.waitFor();
    expect(await table.locator('table').count()).toBe(0);
    // The card, its status and its actions' menu button are all on the screen, without a hover.
    for (const part of [card, card.getByTestId('users-row-status'), card.getByTestId('users-row-actions')]) {
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= WIDTHS[0]).toBe(true);
    }
    await card.getByTestId('users-row-actions').click();
    await page.getByTestId('users-action-resetPassword').waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('users-invite-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: WIDTHS[0], height: 800 });
    await expectAccessible(page);
  });

  it('opened as the mobile app (/mobileinternallogin) the menus leave reports out', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/mobileinternallogin');
    await page.getByTestId('login-username').fill('signer1@demo.test');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('phone-menu-button').click();
    const drawer = page.getByTestId('phone-menu');
    await drawer.getByTestId('nav-dashboard').waitFor();
    expect(await drawer.getByTestId('nav-reports').count()).toBe(0);

    // The same signer in a browser tab of its own has them (spec §2: only the mobile app hides them).
    const browserTab = await browser.newPage(PHONE);
    await signIn(browserTab, 'signer1@demo.test');
    await browserTab.getByTestId('phone-menu-button').click();
    await browserTab.getByTestId('phone-menu').getByTestId('nav-reports').waitFor();
  });

  it('the app is installable, and a page opened without a network says it is offline', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/login');
    const manifestUrl = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(await page.locator('meta[name=theme-color]').getAttribute('content')).toBe('#1864ab');
    const manifest = (await (await fetch(`${baseUrl()}${manifestUrl}`)).json()) as {
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Signet', display: 'standalone', theme_color: '#1864ab' });
    expect(manifest.start_url).toBe('/mobileinternallogin');
    // Every icon is a PNG of the size it claims (width and height from its IHDR chunk).
    for (const icon of manifest.icons) {
      const res = await fetch(`${baseUrl()}${icon.src}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

    // Once the worker runs, a page that cannot be fetched is its offline page, not the browser's error.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.context().setOffline(true);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await expectAccessible(page);
    await page.context().setOffline(false);
  });
});
