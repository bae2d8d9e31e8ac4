import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BOOT_FRAME_SLOT } from '@signet/contracts';
import type { Manifest, Plugin } from 'vite';
import { initialFiles } from './bundle-budget.ts';
import { withoutBrandFonts } from './vite-fonts.ts';

/** Where the build writes a first screen's page: `routes/<first path segment>.html`. */
export const ROUTE_PAGES_DIR = 'routes';

/** The script that starts the app once the frame has painted (public/start-app.js). */
const START_SCRIPT = '/start-app.js';

const startTag = (entry: string, preload: readonly string[]) =>
  `<script src="${START_SCRIPT}" defer data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
const START_TAG =
  /<script src="\/start-app\.js" defer data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/;
const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;

/**
 * index.html as Vite writes it fetches the app's entry script and the chunks it imports at once;
 * it gets instead one tag for public/start-app.js, which adds them once the frame has painted.
 */
export function startAfterPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no module script');
  const preloads: string[] = [];
  const unlinked = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href) => {
    preloads.push(href);
    return '';
  });
  return unlinked.replace(entry[0], startTag(entry[1], preloads));
}

/**
 * The page for one first screen: index.html, whose start script also preloads each chunk its
 * route loads lazily, and a preload of their stylesheets (they download beside the entry instead
 * of after it has run: one round trip less on a slow phone network before the screen shows).
 * `inHead`: the code is preloaded from the head instead, at once — for a page whose frame the
 * server paints while the head has gone out already (an easy-sign link draws its first page),
 * so that the code downloads meanwhile.
 */
export function routePage(
  indexHtml: string,
  manifest: Manifest,
  modules: readonly string[],
  options: { description?: string | undefined; inHead?: boolean | undefined } = {},
): string {
  const entry = initialFiles(manifest, []);
  const route = initialFiles(manifest, modules);
  const routeFiles = route.js.filter((file) => !entry.js.includes(file)).map((file) => `/${file}`);
  // The route's chunks' own stylesheets, which Vite links when it imports them: fetched with the
  // page, they are in the cache by then. Not marked for boot-styles.ts: Vite applies them.
  const sheets = route.css
    .filter((file) => !entry.css.includes(file))
    .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  const start = START_TAG.exec(indexHtml);
  if (!start?.[1]) throw new Error('index.html has no start script (startAfterPaint)');
  const preload = [...(start[2] ?? '').split(' ').filter(Boolean), ...routeFiles];
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  const { description, inHead } = options;
  // A screen of its own in search results says what it is (the page's meta description).
  const described = description
    ? indexHtml.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${description.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}$2`,
      )
    : indexHtml;
  const links = [...sheets, ...(inHead ? [start[1], ...preload].map(modulePreload) : [])];
  return (inHead ? withoutBrandFonts(described) : described)
    .replace(start[0], startTag(start[1], preload))
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * What a first screen paints before the app has loaded, in index.html's frame: its heading (and
 * the lead paragraph under it, where that is the screen's largest text), in the reader's
 * language, where the screen will show it — the sign-in card or the column of the guest pages,
 * or the top of a signed-in page — so that the first thing read is the screen itself, not a
 * blank page for as long as the app takes to arrive on a slow phone (index.html styles the
 * classes). React's own heading and paragraph then take their place at the same size, so they
 * are not a later, larger paint.
 */
export interface ScreenFrame {
  /** The translation key of the screen's heading. */
  heading: string;
  /** The translation key of the paragraph under it. */
  lead?: string;
  /**
   * `card`: the sign-in card; `page`: a signed-in page; `guest`: the guest pages' column;
   * `guest-card`: a card filling that column.
   */
  layout: 'card' | 'page' | 'guest' | 'guest-card';
}

const escapeHtml = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The frame's markup for one screen in one language: its heading's words and its lead's. */
export function frameMarkup(frame: ScreenFrame, heading: string, lead?: string): string {
  if (frame.layout === 'card' || frame.layout === 'page') {
    const title = `<h1 class="boot-title">${escapeHtml(heading)}</h1>`;
    if (frame.layout === 'page') return `<main class="boot-main boot-wide">${title}</main>`;
    // The form's fields and button as grey bars: where they will be, not yet usable.
    const bars = `${'<div class="boot-bar-field"></div>'.repeat(2)}<div class="boot-bar-button"></div>`;
    return `<main class="boot-main"><div class="boot-card">${title}<div aria-hidden="true">${bars}</div></div></main>`;
  }
  // The guest pages' own h1 is Mantine's largest (34 px, 1.3), their lead its body text.
  const text = `<h1 class="boot-title boot-title-lead">${escapeHtml(heading)}</h1>${
    lead === undefined ? '' : `<p class="boot-lead">${escapeHtml(lead)}</p>`
  }`;
  const body = frame.layout === 'guest-card' ? `<div class="boot-card boot-card-wide">${text}</div>` : text;
  return `<main class="boot-main boot-guest">${body}</main>`;
}

/** A page with its frame filled; the page must have the slot. */
export function framedPage(html: string, markup: string): string {
  if (!html.includes(BOOT_FRAME_SLOT)) throw new Error(`index.html has no ${BOOT_FRAME_SLOT}`);
  return html.replace(BOOT_FRAME_SLOT, markup);
}

/** `<link rel="stylesheet">` → a preload that src/app/boot-styles.ts turns into one. */
export function deferStylesheets(html: string): string {
  return html.replace(
    /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g,
    '<link rel="preload" as="style"$1 href="$2" data-app-styles>',
  );
}

/**
 * Writes `routes/<name>.html` for each first screen (the key's first path segment); the server
 * sends it for that route instead of index.html (apps/server/src/http/web-app-static.ts). A screen
 * with a frame also gets `routes/<name>.<language>.html` per language, its frame painted in that
 * language with `words(language, key)`; the server picks the reader's.
 */
export function routePages(
  screens: Readonly<
    Record<
      string,
      { modules: readonly string[]; description?: string; frame?: ScreenFrame; inHead?: boolean }
    >
  >,
  words: {
    languages: readonly string[];
    word: (language: string, key: string) => string;
    /** What a language's own pages add to their head (vite-fonts.ts: the preload of its script's font). */
    head?: (language: string) => string;
  },
): Plugin {
  let outDir = 'dist';
  return {
    name: 'signet-route-pages',
    apply: 'build',
    // The built page preloads its stylesheets rather than linking them: a linked one would hold
    // back the frame index.html paints while the app loads; src/app/boot-styles.ts applies them
    // before the first render. Its scripts start once the frame has painted (startAfterPaint).
    transformIndexHtml: { order: 'post', handler: (html) => startAfterPaint(deferStylesheets(html)) },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, ROUTE_PAGES_DIR), { recursive: true });
      for (const [route, { modules, description, frame, inHead }] of Object.entries(screens)) {
        const name = route.replace(/^\//, '').split('/')[0];
        const page = routePage(index, manifest, modules, { description, inHead });
        writeFileSync(join(outDir, ROUTE_PAGES_DIR, `${name}.html`), page);
        if (!frame) continue;
        for (const language of words.languages) {
          const lead = frame.lead === undefined ? undefined : words.word(language, frame.lead);
          const markup = frameMarkup(frame, words.word(language, frame.heading), lead);
          const head = words.head?.(language) ?? '';
          const inLanguage = head ? page.replace('</head>', `  ${head}\n  </head>`) : page;
          writeFileSync(
            join(outDir, ROUTE_PAGES_DIR, `${name}.${language}.html`),
            framedPage(inLanguage, markup),
          );
        }
      }
    },
  };
}
