import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { initialFiles } from './bundle-budget.ts';

/** Where the build writes a first screen's page: `routes/<first path segment>.html`. */
export const ROUTE_PAGES_DIR = 'routes';

/**
 * The page for one first screen: index.html plus a modulepreload of each chunk its route loads
 * lazily, so that they download beside the entry instead of after it has run (one round trip
 * less on a slow phone network before the screen shows).
 */
export function routePage(
  indexHtml: string,
  manifest: Manifest,
  modules: readonly string[],
  description?: string,
): string {
  const entry = new Set(initialFiles(manifest, []).js);
  const links = initialFiles(manifest, modules)
    .js.filter((file) => !entry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  // A screen of its own in search results says what it is (the page's meta description).
  const described = description
    ? indexHtml.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${description.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}$2`,
      )
    : indexHtml;
  return described.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
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
 * sends it for that route instead of index.html (apps/server/src/http/web-app-static.ts).
 */
export function routePages(
  screens: Readonly<Record<string, { modules: readonly string[]; description?: string }>>,
): Plugin {
  let outDir = 'dist';
  return {
    name: 'signet-route-pages',
    apply: 'build',
    // The built page preloads its stylesheets rather than linking them: a linked one would hold
    // back the frame index.html paints while the app loads; src/app/boot-styles.ts applies them
    // before the first render.
    transformIndexHtml: { order: 'post', handler: deferStylesheets },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, ROUTE_PAGES_DIR), { recursive: true });
      for (const [route, { modules, description }] of Object.entries(screens)) {
        const name = route.replace(/^\//, '').split('/')[0];
        writeFileSync(
          join(outDir, ROUTE_PAGES_DIR, `${name}.html`),
          routePage(index, manifest, modules, description),
        );
      }
    },
  };
}
