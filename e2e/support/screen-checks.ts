/**
 * What must never be on a screen (issue 31), checked on the screen as drawn: the page wider than
 * the window; a header menu item hidden (and not in the "More" menu) or clipped; words meant for
 * the machine (a translation key, a data: address, "(s)", a raw error code, an environment
 * variable's name, a slot's id); a Devanagari letter drawn as a box. Used by
 * e2e/screen-checks.e2e.test.ts and `npm run screenshots`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { menusFor, type Role, type TenantConfiguration } from '@signet/contracts';
import type { CDPSession, Page } from 'playwright-core';

export type Check =
  | 'wider than the window'
  | 'menu item hidden or clipped'
  | 'internal text'
  | 'Devanagari as boxes'
  | 'never drawn';

export interface Violation {
  check: Check;
  detail: string;
}

export type Language = 'en' | 'hi' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'hi', 'fr'];

const webSrc = resolve(import.meta.dirname, '../../apps/web/src');

type Words = { [key: string]: string | Words };

function flatten(words: Words, prefix: string, into: Map<string, string>): void {
  for (const [k, v] of Object.entries(words)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') into.set(key, v);
    else flatten(v, key, into);
  }
}

/** Every `*-words.ts` of a feature: the key its words are added under, and its English words. */
async function lazyEnglishWords(): Promise<[string, Words][]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/-words\.ts$/.test(entry.name)) files.push(path);
    }
  };
  walk(join(webSrc, 'features'));
  const found: [string, Words][] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const call = /lazyWords\(\s*'([^']+)',\s*(\w+)/.exec(text);
    if (!call) continue;
    const [, key = '', name = ''] = call;
    const from = new RegExp(`import\\s*{[^}]*\\b${name}\\b[^}]*}\\s*from\\s*'([^']+)'`).exec(text)?.[1];
    if (!from) continue;
    const module = (await import(pathToFileURL(resolve(dirname(file), from)).href)) as Record<string, Words>;
    const words = module[name];
    if (words) found.push([key, words]);
  }
  return found;
}

/** The app's words in each language, flattened to `a.b.c` keys (English holds every key). */
export interface Locales {
  keys: ReadonlySet<string>;
  words: Record<Language, ReadonlyMap<string, string>>;
}

export async function loadLocales(): Promise<Locales> {
  const dir = join(webSrc, 'app/i18n/locales');
  const words = {} as Record<Language, Map<string, string>>;
  for (const language of LANGUAGES) {
    const module = (await import(pathToFileURL(join(dir, `${language}.ts`)).href)) as Record<string, Words>;
    const map = new Map<string, string>();
    const messages = module[language];
    if (messages) flatten(messages, '', map);
    words[language] = map;
  }
  for (const [key, en] of await lazyEnglishWords()) flatten(en, key, words.en);
  const keys = new Set<string>();
  for (const key of words.en.keys()) {
    keys.add(key);
    // i18next shows a missing plural under its bare key.
    keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return { keys, words };
}

/** A header menu item a role must be able to reach: its test id's key and its label in each language. */
export interface MenuItemExpected {
  key: string;
  labels: Record<Language, string>;
}

/**
 * The top-level header items a demo account must reach (spec §2, through the same `menusFor` the
 * app uses, with the tenant's configuration as the account reads it): each top item, and the
 * admin group when there is one.
 */
export async function expectedMenu(
  baseUrl: string,
  role: Role,
  email: string,
  password: string,
  locales: Locales,
): Promise<MenuItemExpected[]> {
  const auth = (await (
    await fetch(`${baseUrl}/msbapi/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password }).toString(),
    })
  ).json()) as { code: number; data: { access_token: string; defaultTenantId: string | null } };
  if (auth.code !== 1) throw new Error(`sign-in of ${email} answered ${auth.code}`);
  const headers: Record<string, string> = { access_token: auth.data.access_token };
  if (auth.data.defaultTenantId) headers.tenant_id = auth.data.defaultTenantId;
  const config = (await (await fetch(`${baseUrl}/msbapi/v1/configuration`, { headers })).json()) as {
    code: number;
    data: TenantConfiguration;
  };
  const menus = menusFor(role, config.code === 1 ? config.data : null);
  const label = (key: string) =>
    Object.fromEntries(
      LANGUAGES.map((l) => [l, locales.words[l].get(key) ?? locales.words.en.get(key) ?? key]),
    ) as Record<Language, string>;
  const items: MenuItemExpected[] = menus.top.map((key) => ({ key, labels: label(`menu.${key}`) }));
  if (menus.admin.length > 0) items.push({ key: 'admin', labels: label('menu.adminGroup') });
  return items;
}

/** (a) The page scrolls sideways: its scroll width beyond the window's, with what sticks out furthest. */
export async function widerThanWindow(page: Page): Promise<Violation[]> {
  const found = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth <= window.innerWidth) return null;
    let culprit = '';
    let right = window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > right + 0.5 && r.width > 0) {
        right = r.right;
        const id = el.getAttribute('data-testid');
        culprit = `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : `.${String(el.className).split(' ')[0]}`}`;
      }
    }
    return `scroll width ${scroller.scrollWidth} > ${window.innerWidth} (${culprit || 'unknown'} reaches ${Math.round(right)})`;
  });
  return found ? [{ check: 'wider than the window', detail: found }] : [];
}

/**
 * (b) Each item the role must reach in the desktop header is either shown whole inside the header
 * (its label not cut: no box in it narrower than its text; not outside the header's or the menu
 * bar's visible box) or is in the "More" menu (`[data-testid=nav-more]`; an item there is found
 * by `data-nav-item`, a test id ending in its key, or its label). On a phone the header holds one
 * menu button, and nothing is checked.
 */
export async function menuItemsHidden(
  page: Page,
  expected: readonly MenuItemExpected[],
  language: Language,
): Promise<Violation[]> {
  const bar = page.locator('header [data-testid=top-menu]');
  if ((await bar.count()) === 0 || !(await bar.first().isVisible())) return [];
  const measured = await page.evaluate(
    (keys) => {
      const header = document.querySelector('header');
      const nav = header?.querySelector('[data-testid=top-menu]');
      if (!header || !nav) return [];
      // The visible box: the window, the header, and every box between the bar and the header that clips.
      const box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      for (let el: Element | null = nav; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (el === header || style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const r = el.getBoundingClientRect();
          box.left = Math.max(box.left, r.left);
          box.right = Math.min(box.right, r.right);
          box.top = Math.max(box.top, r.top);
          box.bottom = Math.min(box.bottom, r.bottom);
        }
        if (el === header) break;
      }
      return keys.map((key) => {
        const item = [...nav.querySelectorAll(`[data-testid="nav-${key}"], [data-nav-item="${key}"]`)].find(
          (el) =>
            el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
            el.getBoundingClientRect().width > 0,
        );
        if (!item) return { key, state: 'hidden' as const };
        const r = item.getBoundingClientRect();
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        )
          return {
            key,
            state: 'clipped' as const,
            detail: `${Math.round(r.left)}–${Math.round(r.right)} outside the header's visible ${Math.round(box.left)}–${Math.round(box.right)}`,
          };
        for (const el of [item, ...item.querySelectorAll('*')]) {
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
            return {
              key,
              state: 'clipped' as const,
              detail: `label cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`,
            };
        }
        return { key, state: 'ok' as const };
      });
    },
    expected.map((e) => e.key),
  );

  const violations: Violation[] = [];
  const hidden = measured.filter((m) => m.state === 'hidden');
  for (const m of measured)
    if (m.state === 'clipped')
      violations.push({ check: 'menu item hidden or clipped', detail: `nav-${m.key}: ${m.detail}` });
  if (hidden.length === 0) return violations;

  const more = page.locator('header [data-testid=nav-more]').first();
  if ((await more.count()) === 0 || !(await more.isVisible())) {
    for (const m of hidden)
      violations.push({
        check: 'menu item hidden or clipped',
        detail: `nav-${m.key} is not shown and there is no More menu`,
      });
    return violations;
  }
  await more.click();
  const menu = page.locator('[data-testid=nav-more-menu], [role=menu]').filter({ visible: true }).last();
  await menu.waitFor();
  const inMore = await menu.evaluate((el) =>
    [...el.querySelectorAll('*')].map((c) => ({
      id: c.getAttribute('data-testid') ?? '',
      item: c.getAttribute('data-nav-item') ?? '',
      text: (c as HTMLElement).innerText?.trim() ?? '',
    })),
  );
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' }).catch(() => undefined);
  for (const m of hidden) {
    const label = expected.find((e) => e.key === m.key)?.labels[language];
    const there = inMore.some(
      (c) =>
        c.item === m.key ||
        c.id === `nav-${m.key}` ||
        c.id.endsWith(`-${m.key}`) ||
        c.id.startsWith(`nav-${m.key}-`) ||
        (label && c.text === label),
    );
    if (!there)
      violations.push({
        check: 'menu item hidden or clipped',
        detail: `nav-${m.key} is neither in the header nor in its More menu`,
      });
  }
  return violations;
}

/** Words that are the machine's, not the reader's (besides translation keys). */
const INTERNAL_PATTERNS: readonly [RegExp, string][] = [
  [/\bdata:[a-z]+\/[\w.+-]+/gi, 'a data: address'],
  [/\([sS]\)/g, '"(s)" for a plural'],
  [/\(-\d+\)/g, 'a raw error code'],
  [/\bSIGNET_[A-Z_]+\b/g, "an environment variable's name"],
  [/\bslot-\d+/g, "a slot's id"],
];
const KEY_CANDIDATE = /\b[a-z][a-zA-Z]*(\.[a-zA-Z][a-zA-Z0-9_]*)+\b/g;

/** (c) Visible text, and the labels, placeholders and titles read out or shown on hover, with no internal words. */
export async function internalText(page: Page, keys: ReadonlySet<string>): Promise<Violation[]> {
  const texts = await page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(name);
        if (v) out.push(v);
      }
    }
    return out;
  });
  const found = new Map<string, string>();
  for (const text of texts) {
    for (const m of text.matchAll(KEY_CANDIDATE)) {
      if (keys.has(m[0])) found.set(`a translation key "${m[0]}"`, context(text, m.index));
    }
    for (const [pattern, what] of INTERNAL_PATTERNS)
      for (const m of text.matchAll(pattern))
        found.set(`${what} "${m[0].slice(0, 40)}"`, context(text, m.index));
  }
  return [...found].map(([what, where]) => ({ check: 'internal text', detail: `${what} in "${where}"` }));
}

function context(text: string, at: number): string {
  return text
    .slice(Math.max(0, at - 30), at + 50)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names of faces made for Devanagari (Noto Sans Devanagari, Mukta, Hind, Tiro Devanagari Hindi…). */
const DEVANAGARI_FACE =
  /devanagari|hindi|\bmukta\b|\bhind\b|\bbaloo|\bmartel|\bkalam\b|\brozha|\bkhand\b|\brajdhani|\bsarala|\blaila\b|\bkurale|\bamita\b|\byatra|\bteko\b|\bkarma\b|\bpoppins/i;

let systemDevanagari: Set<string> | undefined;
/** The installed fonts that have Devanagari letters (fontconfig: those covering क, U+0915). */
export function systemDevanagariFonts(): ReadonlySet<string> {
  if (!systemDevanagari) {
    let out = '';
    try {
      out = execFileSync('fc-list', [':charset=0915', 'family'], { encoding: 'utf8' });
    } catch {
      // No fontconfig: no installed font is known to cover Devanagari.
    }
    systemDevanagari = new Set(
      out.split('\n').flatMap((l) =>
        l
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    );
  }
  return systemDevanagari;
}

/**
 * (d) Devanagari drawn as boxes: for up to five elements whose own text is Devanagari (the
 * heading and menu first), the font Chromium drew them with (CDP `CSS.getPlatformFontsForNode`)
 * must have the letters: an installed font that fontconfig says covers U+0915, or a web font when
 * a face whose `unicode-range` covers it has loaded. A letter no font has is drawn as the first font's empty box, and
 * that font is then reported.
 */
export async function devanagariAsBoxes(page: Page, cdp: CDPSession): Promise<Violation[]> {
  const marked = await page.evaluate(() => {
    const deva = /[\u0900-\u097F]/;
    const candidates = [
      ...document.querySelectorAll(
        'main h1, header [data-testid^=nav-], main button, main label, main p, main td, body *',
      ),
    ];
    const chosen: Element[] = [];
    for (const el of candidates) {
      if (chosen.length >= 5) break;
      if (chosen.includes(el) || !el.checkVisibility()) continue;
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && deva.test(n.textContent ?? ''),
      );
      if (own) chosen.push(el);
    }
    for (const el of document.querySelectorAll('[data-screen-check]'))
      el.removeAttribute('data-screen-check');
    chosen.forEach((el, i) => {
      el.setAttribute('data-screen-check', String(i));
    });
    // Web fonts that say they cover Devanagari.
    const covering = [...document.fonts]
      .filter((f) =>
        f.unicodeRange.split(',').some((range) => {
          const m = /U\+([0-9A-F?]+)(?:-([0-9A-F]+))?/i.exec(range.trim());
          if (!m?.[1]) return false;
          const lo = Number.parseInt(m[1].replace(/\?/g, '0'), 16);
          const hi = m[2] ? Number.parseInt(m[2], 16) : Number.parseInt(m[1].replace(/\?/g, 'F'), 16);
          return f.status === 'loaded' && lo <= 0x915 && 0x915 <= hi && !(lo === 0 && hi >= 0x10ffff);
        }),
      )
      .map((f) => f.family.replace(/^["']|["']$/g, ''));
    return {
      count: chosen.length,
      covering,
      families: [...document.fonts].map((f) => f.family.replace(/^["']|["']$/g, '')),
      text: chosen.map((el) => (el.textContent ?? '').trim().slice(0, 30)),
    };
  });
  if (marked.count === 0) return [];
  const covering = new Set([...systemDevanagariFonts(), ...marked.covering]);
  // A web font served whole (no unicode-range) counts when its name says it is a Devanagari face.
  for (const family of marked.families) if (DEVANAGARI_FACE.test(family)) covering.add(family);
  // CDP names a web font by the name inside its file ("Noto Sans"), not its CSS family ("Noto Sans
  // Variable"): a web font counts when a Devanagari face (by its unicode-range) has loaded, which
  // the browser does only for letters in that range, and uses only when it has them.
  const webFontCovers = marked.covering.length > 0 || marked.families.some((f) => DEVANAGARI_FACE.test(f));
  const covers = (f: { familyName: string; isCustomFont: boolean }) =>
    covering.has(f.familyName) || (f.isCustomFont && webFontCovers);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-screen-check]',
  });
  const boxed: string[] = [];
  const fontsUsed = new Set<string>();
  for (const [i, nodeId] of nodeIds.entries()) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const bad = fonts.filter((f) => !covers(f) && f.glyphCount > 0);
    if (fonts.some(covers) || bad.length === 0) continue;
    boxed.push(`"${marked.text[i] ?? ''}"`);
    for (const f of bad) fontsUsed.add(`${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`);
  }
  if (boxed.length === 0) return [];
  return [
    {
      check: 'Devanagari as boxes',
      detail: `${boxed.join(', ')} drawn with ${[...fontsUsed].join(', ')}, which has no Devanagari`,
    },
  ];
}

/** A CDP session on `page` for `devanagariAsBoxes` (one per page). */
export async function fontSession(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

/** Every check on the screen as it is now drawn. */
export async function checkScreen(
  page: Page,
  options: {
    locales: Locales;
    language: Language;
    menu?: readonly MenuItemExpected[];
    cdp?: CDPSession;
  },
): Promise<Violation[]> {
  const found = [...(await widerThanWindow(page)), ...(await internalText(page, options.locales.keys))];
  if (options.menu) found.push(...(await menuItemsHidden(page, options.menu, options.language)));
  if (options.language === 'hi' && options.cdp) found.push(...(await devanagariAsBoxes(page, options.cdp)));
  return found;
}
