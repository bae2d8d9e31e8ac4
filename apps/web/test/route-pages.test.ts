import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { deferStylesheets, routePage } from '../route-pages.ts';
import { DEFERRED_STYLES_SELECTOR } from '../src/app/boot-styles.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'src/login-page.tsx': { file: 'assets/login-page-1.js', isDynamicEntry: true, imports: ['_forms-1.js'] },
};
const INDEX =
  '<html><head><script type="module" src="/assets/index-1.js"></script>\n  </head><body></body></html>';

describe('the page of a first screen', () => {
  it("preloads the route's lazy chunks and their imports, not what the entry already loads", () => {
    const html = routePage(INDEX, manifest, ['src/login-page.tsx']);
    const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['/assets/forms-1.js', '/assets/login-page-1.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('src="/assets/index-1.js"');
  });

  it('preloads the stylesheet instead of linking it, marked for the boot script to apply', () => {
    const html = deferStylesheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    document.head.innerHTML = html.replace(/<\/?head>/g, '');
    expect(document.head.querySelector(DEFERRED_STYLES_SELECTOR)?.getAttribute('href')).toBe(
      '/assets/index-1.css',
    );
  });
});
