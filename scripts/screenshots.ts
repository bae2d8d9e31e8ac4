/**
 * `npm run screenshots` (issue 31): every screen each demo role may open, the public screens and
 * a signing view, at 390, 1366 and 1920 px, in English, Hindi and French, as PNGs in
 * `<out>/<language>/<width>/<role>-<screen>.png` with a contact sheet `<out>/index.html`. Each
 * screen is checked as it is drawn (e2e/support/screen-checks.ts): every violation is printed,
 * listed in `<out>/violations.md`, and makes the command exit with 1.
 *
 *   npm run screenshots [-- --out <dir>] [-- --languages en,hi] [-- --widths 390] [-- --roles admin,visitor,signing]
 *
 * Builds the web app and the server and starts them as the journeys do (e2e/support/global-setup.ts),
 * with the demo tenant's history (as `npm start` has it); `E2E_SKIP_BUILD=1` reuses apps/web/dist.
 * Builds into apps/web/dist: run it under `flock /tmp/signet-e2e.lock` beside other builds.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Role } from '@signet/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, goClientSide, signInAndWait } from '../e2e/support/app.ts';
import { easySignPath } from '../e2e/support/easy-sign-link.ts';
import { CHROMIUM_ARGS, startStack } from '../e2e/support/global-setup.ts';
import {
  checkScreen,
  expectedMenu,
  fontSession,
  LANGUAGES,
  type Language,
  type Locales,
  loadLocales,
  type MenuItemExpected,
  type Violation,
} from '../e2e/support/screen-checks.ts';
import {
  ACCOUNTS,
  firstPageDrawn,
  PUBLIC_PATHS,
  pathsFor,
  screenName,
  showAt,
  useLanguage,
} from '../e2e/support/screens.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const listOption = (name: string) => option(name)?.split(',').filter(Boolean);

const outDir = resolve(option('--out') ?? join(repoRoot, 'screenshots'));
const languages = (listOption('--languages') ?? [...LANGUAGES]) as Language[];
const widths = (listOption('--widths') ?? ['390', '1366', '1920']).map(Number);
const who = listOption('--roles') ?? ['visitor', 'signing', ...Object.keys(ACCOUNTS)];

interface Shot {
  language: Language;
  width: number;
  who: string;
  screen: string;
  path: string;
  file: string;
  violations: Violation[];
}

const shots: Shot[] = [];
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One screen at every width: its picture and its checks. */
async function capture(
  page: Page,
  ctx: {
    language: Language;
    who: string;
    path: string;
    locales: Locales;
    menu?: readonly MenuItemExpected[];
  },
  cdp: Awaited<ReturnType<typeof fontSession>>,
): Promise<void> {
  const t0 = Date.now();
  const screen = screenName(ctx.path);
  const notes: string[] = [];
  for (const width of widths) {
    const file = join(ctx.language, String(width), `${ctx.who}-${screen}.png`);
    const violations: Violation[] = [];
    try {
      const unsettled = await showAt(page, `${ctx.who} ${ctx.path}`, width);
      if (ctx.who === 'signing')
        await firstPageDrawn(page).catch(() => unsettled.push('the first page was never drawn'));
      mkdirSync(join(outDir, ctx.language, String(width)), { recursive: true });
      await page.screenshot({
        path: join(outDir, file),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
      violations.push(...unsettled.map((detail): Violation => ({ check: 'never drawn', detail })));
      violations.push(
        ...(await checkScreen(page, { locales: ctx.locales, language: ctx.language, menu: ctx.menu, cdp })),
      );
    } catch (error) {
      violations.push({ check: 'never drawn', detail: (error as Error).message.split('\n')[0] ?? '' });
    }
    shots.push({ language: ctx.language, width, who: ctx.who, screen, path: ctx.path, file, violations });
    for (const v of violations)
      console.log(`  ✗ ${ctx.language} ${width} ${ctx.who} ${ctx.path}: ${v.check}: ${v.detail}`);
    if (violations.length > 0) notes.push(`${width}: ${violations.length}`);
  }
  console.log(
    `[${seconds(Date.now() - started)}] ${ctx.language} ${ctx.who} ${ctx.path} (${seconds(Date.now() - t0)})${
      notes.length ? ` — violations ${notes.join(', ')}` : ''
    }`,
  );
}

async function newPage(browser: Browser, baseURL: string, language: Language): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: widths[0] ?? 1366, height: 900 },
    locale: language === 'en' ? 'en-GB' : `${language}-IN`,
  });
  context.setDefaultTimeout(20_000);
  await useLanguage(context, language);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`  page error (${language}): ${e.message}`));
  return page;
}

async function main(): Promise<void> {
  console.log(`building the web app and the server, starting them (demo data with history)…`);
  const stack = await startStack({ demoHistory: true });
  console.log(`[${seconds(Date.now() - started)}] server at ${stack.baseUrl}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const locales = await loadLocales();
    const signing = who.includes('signing') ? await easySignPath(stack.baseUrl, DEMO_PASSWORD) : '';
    const roles = (Object.entries(ACCOUNTS) as [Role, string][]).filter(([role]) => who.includes(role));
    const menus = new Map<Role, MenuItemExpected[]>();
    for (const [role, email] of roles)
      menus.set(role, await expectedMenu(stack.baseUrl, role, email, DEMO_PASSWORD, locales));

    for (const language of languages) {
      if (who.includes('visitor') || who.includes('signing')) {
        const page = await newPage(browser, stack.baseUrl, language);
        const cdp = await fontSession(page);
        const visits = [
          ...(who.includes('visitor') ? PUBLIC_PATHS.map((path) => ['visitor', path] as const) : []),
          ...(signing ? [['signing', signing] as const] : []),
        ];
        for (const [as, path] of visits) {
          await page.goto(path);
          if (as === 'signing') await page.getByTestId('pdf-page-1').getByTestId('page-canvas').waitFor();
          await capture(page, { language, who: as, path: as === 'signing' ? '/sign' : path, locales }, cdp);
        }
        await page.context().close();
      }
      for (const [role, email] of roles) {
        const page = await newPage(browser, stack.baseUrl, language);
        const cdp = await fontSession(page);
        await page.setViewportSize({ width: 1366, height: 768 });
        await signInAndWait(page, email);
        for (const path of pathsFor(role)) {
          await goClientSide(page, path);
          await capture(page, { language, who: role, path, locales, menu: menus.get(role) }, cdp);
        }
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await stack.close();
  }
  writeReport();
  const bad = shots.filter((s) => s.violations.length > 0);
  const count = bad.reduce((n, s) => n + s.violations.length, 0);
  console.log(
    `\n${shots.length} screenshots in ${relative(process.cwd(), outDir) || '.'} (contact sheet index.html), ${count} violations on ${bad.length} of them, in ${seconds(Date.now() - started)}`,
  );
  if (count > 0) process.exitCode = 1;
}

const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The contact sheet (index.html) and the violations grouped by screen (violations.md). */
function writeReport(): void {
  const sections: string[] = [];
  for (const language of languages)
    for (const width of widths) {
      const here = shots.filter((s) => s.language === language && s.width === width);
      if (here.length === 0) continue;
      sections.push(
        `<h2 id="${language}-${width}">${language} · ${width} px</h2><div class="grid">${here
          .map(
            (s) =>
              `<figure${s.violations.length ? ' class="bad"' : ''}><a href="${html(s.file)}"><img loading="lazy" src="${html(s.file)}" alt=""></a><figcaption>${html(`${s.who} ${s.path}`)}${s.violations
                .map((v) => `<br><b>${html(v.check)}</b>: ${html(v.detail)}`)
                .join('')}</figcaption></figure>`,
          )
          .join('')}</div>`,
      );
    }
  const nav = languages.flatMap((l) => widths.map((w) => `<a href="#${l}-${w}">${l} ${w}</a>`)).join(' · ');
  writeFileSync(
    join(outDir, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Signet screenshots</title><style>
body{font:14px system-ui,sans-serif;margin:16px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
figure{margin:0;border:1px solid #ddd;padding:4px}figure.bad{border:2px solid #c92a2a}img{width:100%;height:260px;object-fit:cover;object-position:top}
figcaption{font-size:12px;word-break:break-word}</style><h1>Signet screenshots</h1><p>${shots.length} screens, ${new Date().toISOString()}</p><p>${nav}</p>${sections.join('\n')}</html>\n`,
  );

  const byScreen = new Map<string, string[]>();
  for (const s of shots)
    for (const v of s.violations) {
      const key = `${s.who} ${s.path}`;
      const list = byScreen.get(key) ?? [];
      list.push(`- ${s.language} ${s.width}: **${v.check}** — ${v.detail}`);
      byScreen.set(key, list);
    }
  writeFileSync(
    join(outDir, 'violations.md'),
    `# Screen check violations\n\n${new Date().toISOString()}: ${shots.length} screenshots, ${languages.join('/')} at ${widths.join('/')} px, ${byScreen.size} screens with violations.\n\n${[
      ...byScreen,
    ]
      .map(([screen, lines]) => `## ${screen}\n\n${lines.join('\n')}\n`)
      .join('\n')}`,
  );
}

await main();
