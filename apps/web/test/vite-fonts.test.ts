import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { brandFonts, builtFont, withoutBrandFonts } from '../vite-fonts.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

const asset = (fileName: string, original: string, bytes: number) =>
  ({
    type: 'asset',
    fileName,
    names: [original.split('/').pop()],
    originalFileNames: [original],
    source: new Uint8Array(bytes),
  }) as unknown as Bundle[string];

const bundle = {
  'assets/noto-sans-latin-wght-normal-AAA.woff2': asset(
    'assets/noto-sans-latin-wght-normal-AAA.woff2',
    'node_modules/@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2',
    35 * 1024,
  ),
  'assets/noto-sans-latin-ext-wght-normal-BBB.woff2': asset(
    'assets/noto-sans-latin-ext-wght-normal-BBB.woff2',
    'node_modules/@fontsource-variable/noto-sans/files/noto-sans-latin-ext-wght-normal.woff2',
    160 * 1024,
  ),
  'assets/noto-sans-devanagari-wght-normal-CCC.woff2': asset(
    'assets/noto-sans-devanagari-wght-normal-CCC.woff2',
    'node_modules/@fontsource-variable/noto-sans/files/noto-sans-devanagari-wght-normal.woff2',
    97 * 1024,
  ),
} as Bundle;

const fonts = (latinMaxKb = 40) =>
  brandFonts({
    family: 'Noto Sans Variable',
    everywhere: {
      source: 'noto-sans-latin-wght-normal.woff2',
      unicodeRange: 'U+0000-00FF',
      maxKb: latinMaxKb,
    },
    byLanguage: {
      hi: { source: 'noto-sans-devanagari-wght-normal.woff2', unicodeRange: 'U+0900-097F', maxKb: 100 },
    },
  });

const transform = (plugin: ReturnType<typeof fonts>['plugin'], html: string) => {
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
  return hook.handler(html, { bundle, path: '/index.html', filename: 'index.html' });
};

describe('the typeface on the first paint', () => {
  it('finds a font the stylesheet uses under its built name, not a neighbour whose name starts alike', () => {
    expect(builtFont(bundle, 'noto-sans-latin-wght-normal.woff2')).toEqual({
      file: 'assets/noto-sans-latin-wght-normal-AAA.woff2',
      bytes: 35 * 1024,
    });
    expect(() => builtFont(bundle, 'noto-sans-greek-wght-normal.woff2')).toThrow(/no noto-sans-greek/);
  });

  it('preloads the Latin file on every page and declares both faces for the frame, Latin last', () => {
    const html = transform(fonts().plugin, '<html><head><title>x</title></head><body></body></html>');
    const preloads = html.match(/<link rel="preload" as="font"[^>]+>/g) ?? [];
    expect(preloads).toEqual([
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-latin-wght-normal-AAA.woff2">',
    ]);
    const faces = [...html.matchAll(/src: url\(([^)]+)\)/g)].map((m) => m[1]);
    expect(faces).toEqual([
      '/assets/noto-sans-devanagari-wght-normal-CCC.woff2',
      '/assets/noto-sans-latin-wght-normal-AAA.woff2',
    ]);
    expect(html).toContain('font-display: swap');
  });

  it("gives the Hindi pages the Devanagari file's preload and the other languages none", () => {
    const built = fonts();
    transform(built.plugin, '<head></head>');
    expect(built.languageHead('hi')).toBe(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-devanagari-wght-normal-CCC.woff2">',
    );
    expect(built.languageHead('en')).toBe('');
    expect(built.languageHead('fr')).toBe('');
  });

  it('fails the build when a preloaded font outgrows its limit', () => {
    expect(() => transform(fonts(30).plugin, '<head></head>')).toThrow(
      /noto-sans-latin-wght-normal.woff2 weighs 35.0 KB, over 30 KB/,
    );
  });

  it('leaves the signing page without the fonts, so that its frame never waits for one', () => {
    const html = transform(fonts().plugin, '<html><head><title>x</title></head><body></body></html>');
    expect(withoutBrandFonts(html)).toBe('<html><head><title>x</title>\n  </head><body></body></html>');
  });
});
