import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminPageMenu, menusFor, type Role, type TenantConfiguration } from '@signet/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';

const WIDTHS = [1024, 1366, 1920] as const;
const LANGUAGES = ['en', 'hi', 'fr'] as const;
const ROLES: [string, Role][] = [
  ['admin@demo.test', 'admin'],
  ['custodian@demo.test', 'custodian'],
];
/** The admin tabs the Admin group must lead to, by entry. */
const ADMIN_TABS = { users: 'users', groups: 'groups', tenantSettings: 'settings' } as const;

/** What the role's header must offer: each top entry's test id, and each group's entries. */
function expectedMenu(role: Role, config: TenantConfiguration) {
  const menus = menusFor(role, config);
  const links = menus.top.filter((k) => k !== 'compose');
  const groups: Record<string, string[]> = {};
  if (menus.top.includes('compose')) groups.compose = [...menus.compose];
  const pages = adminPageMenu({
    role,
    rubberStampEnabled: config.features.rubberStamp,
    hiddenItems: config.hiddenMenuItems,
  });
  // The order of the Admin group: the admin page's first six tabs, the spec's items, rubber stamps.
  const admin = [
    ...pages.filter((p) => p !== 'rubberStamps'),
    ...menus.admin,
    ...pages.filter((p) => p === 'rubberStamps'),
  ];
  if (admin.length > 0) groups.admin = admin;
  return { links, groups };
}

interface BarState {
  onBar: string[];
  problems: string[];
}

/**
 * The classic bar as drawn: which entries are on it, and every way one could be hidden — outside
 * the header, cut by the menu's edge, its label cut, covered by the controls beside it — and
 * whether the page scrolls sideways.
 */
function readBar(page: Page): Promise<BarState> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector('header');
    const nav = document.querySelector<HTMLElement>('[data-testid="top-menu"]');
    if (!header || !nav) return { onBar: [], problems: ['no header or menu'] };
    const hb = header.getBoundingClientRect();
    const nb = nav.getBoundingClientRect();
    const onBar: string[] = [];
    for (const el of nav.querySelectorAll<HTMLElement>(':scope > [data-testid^="nav-"]')) {
      const id = el.dataset.testid ?? '';
      onBar.push(id);
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) problems.push(`${id} has no size`);
      if (b.left < hb.left || b.right > hb.right || b.top < hb.top || b.bottom > hb.bottom) {
        problems.push(`${id} leaves the header`);
      }
      if (b.left < nb.left || b.right > nb.right) problems.push(`${id} is cut by the menu's edge`);
      for (const label of el.querySelectorAll<HTMLElement>('.mantine-Button-label')) {
        if (label.scrollWidth > label.clientWidth) problems.push(`${id}'s label is cut`);
      }
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!hit || !el.contains(hit)) problems.push(`${id} is covered`);
    }
    const user = document.querySelector('[data-testid="user-menu"]')?.getBoundingClientRect();
    if (!user || user.right > window.innerWidth) problems.push('the user menu leaves the screen');
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return { onBar, problems };
  });
}

/** The test ids in the open "More" menu. */
async function moreEntries(page: Page): Promise<string[]> {
  if ((await page.getByTestId('nav-more').count()) === 0) return [];
  await page.getByTestId('nav-more').click();
  const menu = page.getByTestId('nav-more-menu');
  await menu.waitFor();
  // Opened (its fade-in done), so a screenshot shows it as people see it.
  await page.waitForFunction(
    () =>
      getComputedStyle(document.querySelector('[data-testid="nav-more-menu"]') as Element).opacity === '1',
  );
  const ids = await menu
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids;
}

/** Closes the open menu and takes the pointer off the bar (its dropdowns also open on hover). */
async function closeMenus(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 700);
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
}

async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${language}`).click();
  await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
}

async function setFeatures(admin: ApiSession, features: Partial<TenantConfiguration['features']>) {
  const config = await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token });
  const res = await callApi('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { ...config.data.features, ...features } },
  });
  expect(res.code).toBe(1);
  return config.data.features;
}

describe('navigation that scales (issue 31)', () => {
  const browser = setupBrowser();
  const shots = join(inject('artifactsDir'), 'navigation');
  let admin: ApiSession;
  let before: TenantConfiguration['features'];
  let config: TenantConfiguration;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    admin = await apiSignIn('admin@demo.test');
    before = await setFeatures(admin, { teamRoom: true, compare: true, features: true });
    config = (await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token })).data;
  });
  afterAll(async () => {
    if (admin && before) await setFeatures(admin, before);
  });

  it('at 1366 px the header’s search folds into an icon, the custodian’s bar keeps six entries before "More", and a search runs from the icon', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('layout-classic').waitFor();
    await expect.poll(async () => (await readBar(page)).problems).toEqual([]);
    const { onBar } = await readBar(page);
    expect(onBar.filter((id) => id !== 'nav-more').length, onBar.join(' ')).toBeGreaterThanOrEqual(6);
    expect(await page.getByTestId('global-search-input').count()).toBe(0);
    await page.getByTestId('open-search').click();
    await page.getByTestId('global-search-type').click();
    await page.getByRole('option', { name: 'Subject' }).click();
    await page.getByTestId('global-search-input').fill('Lease');
    await page.getByTestId('global-search-input').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('searchKey') === 'subject');
    await page.getByTestId('search-chip').waitFor();
    // At 1920 px there is room for it in the header.
    await page.setViewportSize({ width: 1920, height: 900 });
    await page.getByTestId('global-search-input').waitFor();
    await page.context().close();
  });

  it('for an admin and a custodian with team rooms on, at 1024, 1366 and 1920 px in English, Hindi and French, every menu entry is on the bar whole or in "More"; the Admin group leads to users, groups and settings', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    for (const [email, role] of ROLES) {
      const expected = expectedMenu(role, config);
      await signInAndWait(page, email);
      await page.getByTestId('layout-classic').waitFor();
      for (const language of LANGUAGES) {
        await chooseLanguage(page, language);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.mouse.move(5, 700);
          // The bar settles once it has measured this width in this language.
          await expect.poll(async () => (await readBar(page)).problems).toEqual([]);
          const { onBar } = await readBar(page);
          const inMore = await moreEntries(page);
          const where = `${role} ${language} ${width}px`;
          await page.screenshot({
            path: join(shots, `${role}-${language}-${width}.png`),
            clip: { x: 0, y: 0, width, height: 520 },
          });
          if (inMore.length > 0) await closeMenus(page);
          expect(onBar.includes('nav-more'), where).toBe(inMore.length > 0);
          for (const key of expected.links) {
            const shown = onBar.includes(`nav-${key}`) || inMore.includes(`nav-more-${key}`);
            expect(shown, `${where}: ${key}`).toBe(true);
          }
          for (const [group, entries] of Object.entries(expected.groups)) {
            if (onBar.includes(`nav-${group}`)) {
              // On the bar, its dropdown holds its entries.
              await page.getByTestId(`nav-${group}`).click();
              await page.getByTestId(`nav-${group}-${entries[0]}`).waitFor();
              const ids = await page
                .getByRole('menu')
                .locator('[data-testid]')
                .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
              expect(ids, `${where}: ${group}`).toEqual(entries.map((e) => `nav-${group}-${e}`));
              await closeMenus(page);
            } else {
              expect(inMore, `${where}: ${group}`).toEqual(
                expect.arrayContaining(entries.map((e) => `nav-${group}-${e}`)),
              );
            }
          }
        }
      }

      if (role === 'admin') {
        // Users, groups and settings open their own tabs, from the bar or from "More".
        for (const [language, width] of [
          ['en', 1920],
          ['fr', 1024],
        ] as const) {
          await chooseLanguage(page, language);
          await page.setViewportSize({ width, height: 800 });
          for (const [entry, tab] of Object.entries(ADMIN_TABS)) {
            await expect.poll(async () => (await readBar(page)).problems).toEqual([]);
            const opener = (await page.getByTestId('nav-admin').count()) > 0 ? 'nav-admin' : 'nav-more';
            await page.getByTestId(opener).click();
            await page.getByTestId(`nav-admin-${entry}`).click();
            await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === tab);
            // The tab's own panel shows (the admin page as a tab bar, or as a side list of sections).
            await page
              .locator(
                `[data-testid="admin-panel-${tab}"], [data-testid="admin-tab-${tab}"][aria-selected="true"]`,
              )
              .first()
              .waitFor();
          }
        }
      }

      // The new layout's side menu holds the same entries, none cut.
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-switch-view').click();
      await page.getByTestId('layout-new').waitFor();
      for (const language of LANGUAGES) {
        await chooseLanguage(page, language);
        const side = page.getByTestId('top-menu');
        for (const group of Object.keys(expected.groups)) {
          const toggle = side.getByTestId(`nav-${group}`);
          if ((await toggle.getAttribute('data-expanded')) === null) await toggle.click();
          for (const e of expected.groups[group] ?? []) await side.getByTestId(`nav-${group}-${e}`).waitFor();
        }
        const ids = await side
          .locator('[data-testid^="nav-"]')
          .evaluateAll((els) =>
            els
              .filter((el) => el.getBoundingClientRect().height > 0)
              .map((el) => el.getAttribute('data-testid')),
          );
        const wanted = [
          ...expected.links.map((k) => `nav-${k}`),
          ...Object.entries(expected.groups).flatMap(([g, entries]) => [
            `nav-${g}`,
            ...entries.map((e) => `nav-${g}-${e}`),
          ]),
        ];
        expect(ids.sort(), `${role} new view ${language}`).toEqual(wanted.sort());
        const cut = await side
          .locator('.mantine-NavLink-label')
          .evaluateAll((els) =>
            els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
          );
        expect(cut, `${role} new view ${language}`).toEqual([]);
        await page.screenshot({ path: join(shots, `${role}-new-${language}.png`) });
      }
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-switch-view').click();
      await page.getByTestId('layout-classic').waitFor();

      // The phone menu: the same entries behind one button.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const language of LANGUAGES) {
        await page.getByTestId('phone-menu-button').click();
        const drawer = page.getByTestId('phone-menu');
        await drawer.getByTestId('nav-dashboard').waitFor();
        await drawer.getByTestId('language-menu').click();
        await page.getByTestId(`language-${language}`).click();
        await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
        for (const key of [...expected.links, ...Object.keys(expected.groups)]) {
          await drawer.getByTestId(`nav-${key}`).waitFor();
        }
        await page.screenshot({ path: join(shots, `${role}-phone-${language}.png`) });
        await page.keyboard.press('Escape');
        await drawer.getByTestId('nav-dashboard').waitFor({ state: 'hidden' });
      }
      await page.setViewportSize({ width: 1366, height: 800 });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await page.getByTestId('login-submit').waitFor();
    }
  });
});
