import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'Signet-demo-1';

export const baseUrl = () => inject('baseUrl');

/** Connects to the shared Chromium for one test file; each `newPage` is a fresh, empty profile. */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    /** `options` adds to (or replaces) the desktop defaults, e.g. a phone's viewport and touch. */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1400, height: 900 },
        ...options,
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
      return page;
    },
  };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in and waits for the signed-in header. */
export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Opens an entry of the classic top menu by its key (`reports`, `teamroom`…): on the bar, or from
 * "More" when the bar is too narrow for it (the menu moves what does not fit there, in order).
 */
export async function openMenuEntry(page: Page, key: string): Promise<void> {
  const menu = page.getByTestId('top-menu');
  await menu.waitFor();
  const onBar = menu.getByTestId(`nav-${key}`);
  if ((await onBar.count()) > 0) return onBar.click();
  await menu.getByTestId('nav-more').click();
  await page.getByTestId(`nav-more-${key}`).click();
}

/** The keys of the classic top menu's entries, those on the bar and those in "More". */
export async function menuEntryKeys(page: Page): Promise<string[]> {
  const menu = page.getByTestId('top-menu');
  await menu.waitFor();
  const ids = await menu
    .locator(':scope > [data-testid^="nav-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  const keys = ids.filter((id) => id !== 'nav-more').map((id) => id.slice('nav-'.length));
  if (!ids.includes('nav-more')) return keys;
  await menu.getByTestId('nav-more').click();
  const more = page.getByTestId('nav-more-menu');
  await more.waitFor();
  // A link there is `nav-more-<key>`; a group shows its label and its entries `nav-<group>-<entry>`.
  const moved = await more
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  await page.keyboard.press('Escape');
  await more.waitFor({ state: 'detached' });
  const movedKeys = moved.map((id) =>
    id.startsWith('nav-more-') ? id.slice('nav-more-'.length) : (id.split('-')[1] ?? ''),
  );
  return [...keys, ...new Set(movedKeys)];
}

/** Client-side navigation, as a click on a link would do (no reload, so the session stays in memory too). */
export async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

interface Envelope<T> {
  code: number;
  data: T;
  message?: string;
  metadata?: unknown;
}

/** Calls the API directly (test set-up that the journey is not about). */
export async function callApi<T>(
  method: string,
  path: string,
  opts: { token?: string; tenantId?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (opts.token) headers.access_token = opts.token;
  if (opts.tenantId) headers.tenant_id = opts.tenantId;
  const res = await fetch(`${baseUrl()}/msbapi${path}`, { method, headers, body });
  return (await res.json()) as Envelope<T>;
}

export interface ApiSession {
  token: string;
  tenantId: string | null;
  userId: string;
}

export async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const res = await callApi<{ access_token: string; defaultTenantId: string | null; user: { id: string } }>(
    'POST',
    '/v1/authenticate',
    { form: { username: email, password } },
  );
  if (res.code !== 1) throw new Error(`sign-in of ${email} answered ${res.code} ${res.message ?? ''}`);
  return { token: res.data.access_token, tenantId: res.data.defaultTenantId, userId: res.data.user.id };
}
