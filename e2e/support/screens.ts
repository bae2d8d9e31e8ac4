import { ROUTES_BY_ROLE, type Role } from '@signet/contracts';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Every screen of the app, one list: which addresses each demo role may open, the public ones,
 * and when a screen is drawn. Read by the phone-width journey, the screen checks
 * (e2e/screen-checks.e2e.test.ts) and `npm run screenshots`.
 */

/** One account per demo role (root has the admin's routes). */
export const ACCOUNTS: Partial<Record<Role, string>> = {
  admin: 'admin@demo.test',
  custodian: 'custodian@demo.test',
  submitter: 'submitter@demo.test',
  signer: 'signer1@demo.test',
  registrar: 'registrar@demo.test',
  super_admin: 'superadmin@demo.test',
};

/** Every tab of /admin, each its own screen. */
export const ADMIN_TABS = [
  'users',
  'groups',
  'settings',
  'integrations',
  'webhooks',
  'reasons',
  'workflowStates',
  'userSyncUp',
  'sso',
  'rubberStamps',
] as const;

/** Screens anyone may open without signing in (the signing view is opened from its link). */
export const PUBLIC_PATHS = [
  '/login',
  '/signup',
  '/forgetpassword',
  '/landing',
  '/accessdenied?status=forbidden',
  '/resetpassword',
  '/register',
  '/thanks',
  '/changepassword',
  '/authenticate',
  '/invitation',
  '/verify',
] as const;

/** The addresses a role may open: its routes (spec §6), the ePak list with the dashboard, each admin tab. */
export function pathsFor(role: Role): string[] {
  const paths: string[] = [];
  for (const route of ROUTES_BY_ROLE[role]) {
    if (route === 'admin') paths.push(...ADMIN_TABS.map((tab) => `/admin?tab=${tab}`));
    else paths.push(`/${route}`);
    if (route === 'dashboard') paths.push('/epaks', '/dashboard?folder=Pending');
    if (route === 'stamppapers') paths.push('/stamppapers?view=statistics');
  }
  return paths;
}

/** A file-name-safe name for a screen's address: `/admin?tab=users` → `admin-users`. */
export function screenName(path: string): string {
  const [route = '', query = ''] = path.replace(/^\//, '').split('?');
  const value = new URLSearchParams(query).values().next().value;
  const name = route === 'accessdenied' || !value ? route : `${route}-${value}`;
  return name.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase() || 'root';
}

/**
 * The screen is drawn: its heading is there and nothing is loading or moving any more (an
 * endless animation, a spinner's, does not count as moving).
 */
export async function settledOrThrow(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main h1') !== null &&
      document.querySelector(
        '[data-testid=route-progress], [data-testid=page-loader], .mantine-Loader-root',
      ) === null &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout },
  );
}

/** Waits for the screen to settle; if it never does, says what was still missing or loading. */
export async function settled(page: Page, path: string, timeout = 5_000): Promise<string[]> {
  try {
    await settledOrThrow(page, timeout);
    return [];
  } catch {
    const state = await page.evaluate(
      () =>
        `${location.pathname}${location.search}: h1 ${document.querySelector('main h1') !== null}, loading ${[
          ...document.querySelectorAll(
            '[data-testid=route-progress], [data-testid=page-loader], .mantine-Loader-root',
          ),
        ]
          .map((e) => e.getAttribute('data-testid') ?? e.className)
          .join(' ')}`,
    );
    return [`${path} never settled (${state})`];
  }
}

/** Heights that go with the widths screens are shown at (a phone's, a laptop's, a desktop's). */
const HEIGHTS: Record<number, number> = { 390: 844, 1024: 768, 1366: 768, 1920: 1080 };

/** Every page of `context` opens in `language` (the app's stored choice, set before it starts). */
export async function useLanguage(context: BrowserContext, language: string): Promise<void> {
  await context.addInitScript((lng) => {
    localStorage.setItem('signet.locale', lng);
  }, language);
}

/**
 * The current screen at `width`: the window resized, the layout redrawn for it (two frames), the
 * screen settled and its fonts loaded. Answers what kept it from settling, if anything.
 */
export async function showAt(page: Page, path: string, width: number, timeout = 8_000): Promise<string[]> {
  const size = page.viewportSize();
  if (size?.width !== width) await page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
  await page.evaluate(
    () =>
      new Promise<void>((r) => {
        requestAnimationFrame(() => requestAnimationFrame(() => r()));
      }),
  );
  const unsettled = await settled(page, path, timeout);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return unsettled;
}

/** The signing view's first page is drawn: its canvas has ink (not only the white of an empty canvas). */
export async function firstPageDrawn(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const c = document.querySelector<HTMLCanvasElement>(
        '[data-testid=pdf-page-1] [data-testid=page-canvas]',
      );
      if (!c || c.width === 0 || c.height === 0) return false;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, Math.min(c.height, 400)).data;
      if (!data) return false;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i] ?? 255) < 128 && (data[i + 3] ?? 0) > 0) return true;
      return false;
    },
    undefined,
    { timeout, polling: 200 },
  );
}
