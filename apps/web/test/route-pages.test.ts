import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { deferStylesheets, framedPage, frameMarkup, routePage, startAfterPaint } from '../route-pages.ts';
import { DEFERRED_STYLES_SELECTOR } from '../src/app/boot-styles.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_react-1.js'] },
  'src/login-page.tsx': {
    file: 'assets/login-page-1.js',
    isDynamicEntry: true,
    imports: ['_forms-1.js'],
    css: ['assets/login-page-1.css'],
  },
};
// index.html as Vite writes it: the entry's module script and a preload of each chunk it imports.
const VITE_INDEX =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n  <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head><body></body></html>';
const INDEX = startAfterPaint(VITE_INDEX);
const startScript = (html: string) => {
  document.documentElement.innerHTML = html.replace(/<\/?html>/g, '');
  return document.querySelector<HTMLScriptElement>('script[data-entry]');
};

describe('the page of a first screen', () => {
  it('has one script for the app, which starts the entry and its imports once the frame has painted', () => {
    expect(INDEX).not.toMatch(/type="module"|modulepreload/);
    const start = startScript(INDEX);
    expect(start?.getAttribute('src')).toBe('/start-app.js');
    expect(start?.defer).toBe(true);
    expect(start?.dataset.entry).toBe('/assets/index-1.js');
    expect(start?.dataset.preload).toBe('/assets/react-1.js');
  });

  it("has the route's lazy chunks and their imports started with the entry, not what the entry already loads", () => {
    const html = routePage(INDEX, manifest, ['src/login-page.tsx']);
    expect(startScript(html)?.dataset.preload?.split(' ')).toEqual([
      '/assets/react-1.js',
      '/assets/forms-1.js',
      '/assets/login-page-1.js',
    ]);
    expect(html).not.toContain('modulepreload');
  });

  it('preloads the code from the head at once for a page the server paints while its head has gone', () => {
    const html = routePage(INDEX, manifest, ['src/login-page.tsx'], { inHead: true });
    const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toEqual([
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/assets/forms-1.js',
      '/assets/login-page-1.js',
    ]);
    expect(html.lastIndexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    // The entry still runs after the paint: the start script is the page's only way to run it.
    expect(startScript(html)?.dataset.entry).toBe('/assets/index-1.js');
  });

  it("preloads the route's own stylesheets, which Vite applies with their chunks, not the entry's", () => {
    const html = routePage(INDEX, manifest, ['src/login-page.tsx']);
    const sheets = [...html.matchAll(/<link rel="preload" as="style"[^>]*href="([^"]+)"([^>]*)>/g)];
    expect(sheets.map((m) => m[1])).toEqual(['/assets/login-page-1.css']);
    // Not for boot-styles.ts to apply: Vite links it when the route's chunk loads.
    expect(sheets[0]?.[2]).not.toContain('data-app-styles');
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

describe("a first screen's frame", () => {
  const page = '<body><div id="root"><div class="boot"><!--boot-frame--></div></div></body>';

  it('paints the sign-in heading in a card with the form as grey bars, hidden from screen readers', () => {
    document.body.innerHTML = framedPage(
      page,
      frameMarkup({ heading: 'auth.signInTitle', layout: 'card' }, 'साइन इन करें'),
    );
    const title = document.querySelector('.boot-card h1.boot-title');
    expect(title?.textContent).toBe('साइन इन करें');
    expect(document.querySelector('.boot-card [aria-hidden="true"]')?.children).toHaveLength(3);
  });

  it("paints a signed-in page's heading at the top of the page, its words escaped", () => {
    document.body.innerHTML = framedPage(
      page,
      frameMarkup({ heading: 'dashboard.title', layout: 'page' }, 'A <b> & "c"'),
    );
    expect(document.querySelector('main.boot-wide > h1.boot-title')?.textContent).toBe('A <b> & "c"');
    expect(document.querySelector('b')).toBeNull();
  });

  it("paints a guest page's heading and lead paragraph in a card as wide as the guest column", () => {
    document.body.innerHTML = framedPage(
      page,
      frameMarkup(
        { heading: 'landing.title', lead: 'landing.text', layout: 'guest-card' },
        'Signez',
        'Un & deux',
      ),
    );
    const card = document.querySelector('main.boot-guest > .boot-card.boot-card-wide');
    expect(card?.querySelector('h1.boot-title-lead')?.textContent).toBe('Signez');
    expect(card?.querySelector('h1 + p.boot-lead')?.textContent).toBe('Un & deux');
  });

  it('paints a guest page without a card straight into the guest column', () => {
    document.body.innerHTML = framedPage(
      page,
      frameMarkup(
        { heading: 'verify.title', lead: 'verify.hint', layout: 'guest' },
        'Vérifier',
        'Déposez un PDF',
      ),
    );
    expect(document.querySelector('.boot-card')).toBeNull();
    expect(document.querySelector('main.boot-guest > h1 + p.boot-lead')?.textContent).toBe('Déposez un PDF');
  });

  it('refuses a page without the slot rather than writing one that paints nothing', () => {
    expect(() => framedPage('<body></body>', '<h1>x</h1>')).toThrow(/boot-frame/);
  });
});
