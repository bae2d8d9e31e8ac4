import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest, Plugin } from 'vite';

/** A first screen: the route modules its URL loads on top of the entry, and what it may weigh. */
export interface PageBudget {
  /** Source paths (as Vite's manifest names them) of the lazily loaded modules the route needs. */
  modules: readonly string[];
  /** Most kilobytes of gzip JavaScript, the entry and every chunk loaded before the screen shows. */
  jsKb: number;
  /** Most kilobytes of gzip CSS those chunks bring. */
  cssKb: number;
}

export interface PageWeight {
  page: string;
  js: string[];
  css: string[];
  jsKb: number;
  cssKb: number;
  over: boolean;
}

/**
 * The files a first load of `page` fetches before its screen can show: the HTML entry's chunk
 * and its static imports, then each route module and its static imports (the router loads them
 * together), with the stylesheets of all of them. Dynamic imports inside those modules (pdf.js
 * once a document opens, other languages…) are not counted: they load after the screen.
 */
export function initialFiles(
  manifest: Manifest,
  modules: readonly string[],
): { js: string[]; css: string[] } {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no module ${key}: is the budget's path out of date?`);
    keys.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const module of modules) visit(module);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk?.css ?? []) css.add(file);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/** Weighs each page's first load (`gzipKb` of a built file) against its budget. */
export function weighPages(
  manifest: Manifest,
  budgets: Readonly<Record<string, PageBudget>>,
  gzipKb: (file: string) => number,
): PageWeight[] {
  return Object.entries(budgets).map(([page, budget]) => {
    const { js, css } = initialFiles(manifest, budget.modules);
    const jsKb = js.reduce((sum, f) => sum + gzipKb(f), 0);
    const cssKb = css.reduce((sum, f) => sum + gzipKb(f), 0);
    return { page, js, css, jsKb, cssKb, over: jsKb > budget.jsKb || cssKb > budget.cssKb };
  });
}

/**
 * Prints the gzip weight of the JavaScript and CSS each first screen needs (from Vite's build
 * manifest) and fails the build when one is over its budget (issue 21: CI checks what does not
 * flake, the figures of Lighthouse are for `npm run bench:web`).
 */
export function bundleBudget(budgets: Readonly<Record<string, PageBudget>>): Plugin {
  let outDir = 'dist';
  return {
    name: 'signet-bundle-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const gzipKb = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1024;
      const weights = weighPages(manifest, budgets, gzipKb);
      const lines = weights.map(
        (w) =>
          `${w.over ? 'OVER BUDGET ' : ''}${w.page}: JavaScript ${w.jsKb.toFixed(1)} KB gzip in ${w.js.length} files (budget ${budgets[w.page]?.jsKb} KB), CSS ${w.cssKb.toFixed(1)} KB (budget ${budgets[w.page]?.cssKb} KB)`,
      );
      console.log(`first-load weight per page:\n  ${lines.join('\n  ')}`);
      const over = weights.filter((w) => w.over);
      if (over.length > 0) this.error(`over the size budget: ${over.map((w) => w.page).join(', ')}`);
    },
  };
}
