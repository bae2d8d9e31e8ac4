import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { initialFiles, weighPages } from '../bundle-budget.ts';

// A build as Vite's manifest describes it: the entry, two routes sharing a chunk, pdf.js loaded on demand.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'src/login-page.tsx': { file: 'assets/login-page-1.js', isDynamicEntry: true, imports: ['_forms-1.js'] },
  'src/sign-page.tsx': {
    file: 'assets/sign-page-1.js',
    isDynamicEntry: true,
    imports: ['_forms-1.js'],
    dynamicImports: ['src/pdf.ts'],
    css: ['assets/sign-page-1.css'],
  },
  'src/pdf.ts': { file: 'assets/pdf-1.js', isDynamicEntry: true },
};
const KB: Record<string, number> = {
  'assets/index-1.js': 100,
  'assets/react-1.js': 50,
  'assets/forms-1.js': 20,
  'assets/login-page-1.js': 5,
  'assets/sign-page-1.js': 30,
  'assets/pdf-1.js': 120,
  'assets/index-1.css': 40,
  'assets/sign-page-1.css': 8,
};

describe('the first-load size budget', () => {
  it('counts the entry, the route module and their static imports once each, with their CSS, but not what loads on demand', () => {
    expect(initialFiles(manifest, ['src/sign-page.tsx'])).toEqual({
      js: ['assets/forms-1.js', 'assets/index-1.js', 'assets/react-1.js', 'assets/sign-page-1.js'],
      css: ['assets/index-1.css', 'assets/sign-page-1.css'],
    });
  });

  it('flags a page whose JavaScript or CSS is over its budget and passes one within it', () => {
    const weights = weighPages(
      manifest,
      {
        '/login': { modules: ['src/login-page.tsx'], jsKb: 175, cssKb: 40 },
        '/sign': { modules: ['src/sign-page.tsx'], jsKb: 250, cssKb: 45 },
      },
      (file) => KB[file] ?? 0,
    );
    expect(weights.map((w) => [w.page, w.jsKb, w.cssKb, w.over])).toEqual([
      ['/login', 175, 40, false],
      ['/sign', 200, 48, true],
    ]);
  });

  it('refuses a budget naming a module the build does not have, so a renamed page cannot escape its budget', () => {
    expect(() => initialFiles(manifest, ['src/gone-page.tsx'])).toThrow(/no module src\/gone-page.tsx/);
  });
});
