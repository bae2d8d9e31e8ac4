import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** A font file the build preloads: its name in @fontsource-variable/noto-sans/files. */
export interface PreloadedFont {
  /** The package file (src/ui/brand/fonts.css names it), e.g. `noto-sans-latin-wght-normal.woff2`. */
  source: string;
  /** Its @font-face's unicode-range, repeated in index.html for the frame painted before the app's CSS. */
  unicodeRange: string;
  /** The most it may weigh (KB, as sent: woff2 is compressed already). */
  maxKb: number;
}

/** The built file of a font the app's CSS references (`assets/<name>-<hash>.woff2`). */
export function builtFont(bundle: OutputBundle, source: string): { file: string; bytes: number } {
  const stem = source.replace(/\.woff2$/, '');
  for (const out of Object.values(bundle)) {
    if (out.type !== 'asset') continue;
    const names = [...(out.originalFileNames ?? []), ...(out.names ?? [])];
    const ours = names.some((n) => n.endsWith(`/${source}`) || n === source);
    if (ours || new RegExp(`^assets/${stem}-[\\w-]+\\.woff2$`).test(out.fileName)) {
      const bytes = typeof out.source === 'string' ? Buffer.byteLength(out.source) : out.source.length;
      return { file: out.fileName, bytes };
    }
  }
  throw new Error(`the build has no ${source}: does src/ui/brand/fonts.css still use it?`);
}

const FONTS_START = '<!--brand-fonts-->';
const FONTS_END = '<!--/brand-fonts-->';

/**
 * A page without the typeface's preload and frame faces: the signing page, whose head preloads
 * its code at once (`inHead`), so that a font beside it shares the slow network with 280 KB of
 * code and holds back the frame's first paint (Lighthouse with the font: FCP 2.8 s, against 1.1 s in
 * docs/web-performance.md). Its frame is drawn
 * in the system's font; the app's stylesheet brings the face when the app draws.
 */
export function withoutBrandFonts(html: string): string {
  return html.replace(/\s*<!--brand-fonts-->[\s\S]*?<!--\/brand-fonts-->/, '');
}

export const fontPreload = (href: string) =>
  `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`;

/** The face for index.html's frame (its `.boot` text names the family), as fonts.css declares it. */
export const fontFace = (family: string, href: string, unicodeRange: string) =>
  `@font-face { font-family: "${family}"; font-style: normal; font-display: swap; font-weight: 100 900; src: url(${href}) format("woff2-variations"); unicode-range: ${unicodeRange}; }`;

/**
 * The shipped typeface on the first paint (issue 31). index.html gets the faces of `fonts` (for
 * the frame it paints before the app's stylesheet applies) and a preload of the `everywhere`
 * font, which every page's text uses; `languageHead(language)` gives the preloads of a language's
 * own script (the Devanagari file for Hindi), which route-pages.ts adds to that language's pages
 * only: an English page never fetches it. Prints what the fonts weigh; fails the build when one
 * is over its `maxKb` (the budgets count JavaScript and CSS, not fonts).
 */
export function brandFonts(options: {
  family: string;
  everywhere: PreloadedFont;
  byLanguage: Readonly<Record<string, PreloadedFont>>;
}) {
  const files = new Map<string, string>();
  // In fonts.css's order (Google Fonts' own): where two ranges share a character (the joiners),
  // the later face serves it, so the Latin one comes last.
  const fonts = [...Object.values(options.byLanguage), options.everywhere];
  const plugin: Plugin = {
    name: 'signet-brand-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const lines: string[] = [];
        for (const font of fonts) {
          const { file, bytes } = builtFont(ctx.bundle, font.source);
          files.set(font.source, `/${file}`);
          const kb = bytes / 1024;
          lines.push(`${font.source}: ${kb.toFixed(1)} KB (most ${font.maxKb} KB)`);
          if (kb > font.maxKb)
            throw new Error(`${font.source} weighs ${kb.toFixed(1)} KB, over ${font.maxKb} KB`);
        }
        console.log(`preloaded fonts:\n  ${lines.join('\n  ')}`);
        const faces = fonts
          .map((f) => fontFace(options.family, files.get(f.source) as string, f.unicodeRange))
          .join('\n      ');
        const head = `    ${FONTS_START}\n    ${fontPreload(files.get(options.everywhere.source) as string)}\n    <style>\n      ${faces}\n    </style>\n    ${FONTS_END}\n  </head>`;
        if (!html.includes('</head>')) throw new Error('index.html has no </head>');
        return html.replace('</head>', head);
      },
    },
  };
  return {
    plugin,
    /** The preloads of a language's own script, for its pages' head (after the build has named the files). */
    languageHead(language: string): string {
      const font = options.byLanguage[language];
      if (!font) return '';
      const href = files.get(font.source);
      if (!href) throw new Error(`the font for ${language} was not built yet`);
      return fontPreload(href);
    },
  };
}
