import { join } from 'node:path';
import type { Role } from '@signet/contracts';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, goClientSide, setupBrowser, signInAndWait } from './support/app.ts';
import {
  checkScreen,
  expectedMenu,
  fontSession,
  LANGUAGES,
  type Language,
  type Locales,
  loadLocales,
  type MenuItemExpected,
} from './support/screen-checks.ts';
import { ACCOUNTS, PUBLIC_PATHS, pathsFor, showAt, useLanguage } from './support/screens.ts';

/**
 * Issue 31: no screen is wider than the window, hides or cuts a header menu item, shows the
 * machine's words (a translation key, a data: address, "(s)", a raw code, an environment
 * variable, a slot id) or draws Devanagari as boxes. A smaller matrix than `npm run screenshots`:
 * every screen of the admin and the custodian (and the public ones) at 390 and 1366 px, each
 * screen in one language taken in turn, and the header at 1024, 1366 and 1920 px in all three.
 */
describe('every screen passes the screen checks', () => {
  const browser = setupBrowser();
  let locales: Locales;
  beforeAll(async () => {
    locales = await loadLocales();
  });

  /** A page in `language`, signed in as `role` unless a visitor, with its font session. */
  async function open(language: Language, role?: Role): Promise<{ page: Page; cdp: CDPSession }> {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await useLanguage(page.context(), language);
    if (role)
      await signInAndWait(page, ACCOUNTS[role] ?? '').catch(async (error: Error) => {
        await page.screenshot({
          path: join(inject('artifactsDir'), `screen-checks-${role}-${language}.png`),
        });
        throw new Error(`${role} did not get in (${page.url()}): ${error.message}`);
      });
    else await page.goto('/login');
    return { page, cdp: await fontSession(page) };
  }

  /** Each path in the language its turn gives it, at each width: what failed, one line each. */
  async function checkAll(
    role: Role | undefined,
    paths: readonly string[],
    widths: readonly number[],
    menu?: readonly MenuItemExpected[],
  ): Promise<string[]> {
    const pages = new Map<Language, { page: Page; cdp: CDPSession }>();
    const failures: string[] = [];
    for (const [i, path] of paths.entries()) {
      const language = LANGUAGES[i % LANGUAGES.length] ?? 'en';
      let opened = pages.get(language);
      if (!opened) {
        opened = await open(language, role);
        pages.set(language, opened);
      }
      const { page, cdp } = opened;
      if (role) await goClientSide(page, path);
      else await page.goto(path);
      for (const width of widths) {
        const where = `${language} ${width} ${role ?? 'visitor'} ${path}`;
        failures.push(...(await showAt(page, where, width)).map((s) => `never drawn: ${s}`));
        for (const v of await checkScreen(page, { locales, language, menu, cdp }))
          failures.push(`${where}: ${v.check}: ${v.detail}`);
      }
    }
    for (const { page } of pages.values()) await page.context().close();
    return failures;
  }

  it('the public screens, at 390 and 1366 px', async () => {
    expect(await checkAll(undefined, PUBLIC_PATHS, [390, 1366])).toEqual([]);
  });

  for (const role of ['admin', 'custodian'] as const) {
    it(`every screen of the ${role}, at 390 and 1366 px`, async () => {
      const menu = await expectedMenu(baseUrl(), role, ACCOUNTS[role] ?? '', DEMO_PASSWORD, locales);
      expect(await checkAll(role, pathsFor(role), [390, 1366], menu)).toEqual([]);
    });
  }

  it('the header shows each of the admin’s menu items whole or in More, at 1024, 1366 and 1920 px, in English, Hindi and French', async () => {
    const menu = await expectedMenu(baseUrl(), 'admin', ACCOUNTS.admin ?? '', DEMO_PASSWORD, locales);
    const failures: string[] = [];
    for (const language of LANGUAGES) {
      const { page, cdp } = await open(language, 'admin');
      for (const width of [1024, 1366, 1920]) {
        const where = `${language} ${width} admin /dashboard`;
        failures.push(...(await showAt(page, where, width)).map((s) => `never drawn: ${s}`));
        for (const v of await checkScreen(page, { locales, language, menu, cdp }))
          failures.push(`${where}: ${v.check}: ${v.detail}`);
      }
      await page.context().close();
    }
    expect(failures).toEqual([]);
  });
});
