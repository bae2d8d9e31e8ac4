import { resolve } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@signet/contracts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget.ts';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { mantineStyles } from './mantine-styles.ts';
import { precompress } from './precompress.ts';
import { routePages, type ScreenFrame } from './route-pages.ts';
import { en } from './src/app/i18n/locales/en.ts';
import { fr } from './src/app/i18n/locales/fr.ts';
import { hi } from './src/app/i18n/locales/hi.ts';
import { TYPEFACE } from './src/ui/brand/typeface.ts';
import { brandFonts } from './vite-fonts.ts';

// The first screens a phone opens (issue 21): what each loads before it shows, gzip KB. A route
// that outgrows its budget fails the build; raise one only knowing what the screen gained.
const FIRST_SCREENS = {
  // The server paints an easy-sign link's first page into the frame while the head has gone out:
  // the signing page's code downloads meanwhile (route-pages.ts).
  '/sign': { modules: ['src/features/sign/pages/sign-page.tsx'], jsKb: 280, cssKb: 36, inHead: true },
  '/login': {
    modules: ['src/features/auth/pages/login-page.tsx'],
    jsKb: 240,
    cssKb: 28,
    frame: { heading: 'auth.signInTitle', layout: 'card' },
  },
  '/landing': {
    modules: ['src/features/public/pages/landing-page.tsx'],
    jsKb: 190,
    cssKb: 28,
    frame: { heading: 'landing.title', lead: 'landing.text', layout: 'guest-card' },
  },
  '/verify': {
    modules: ['src/features/verify/pages/verify-page.tsx'],
    jsKb: 212,
    cssKb: 28,
    description:
      'Verify a signed PDF: who signed it, when, whether it changed since, and whether the signer is trusted — for any PDF, signed here or elsewhere.',
    frame: { heading: 'verify.title', lead: 'verify.hint', layout: 'guest' },
  },
  '/dashboard': {
    modules: ['src/app/layout/app-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    jsKb: 292,
    cssKb: 32,
    frame: { heading: 'dashboard.title', layout: 'page' },
  },
} satisfies Record<
  string,
  {
    modules: string[];
    jsKb: number;
    cssKb: number;
    description?: string;
    frame?: ScreenFrame;
    inHead?: boolean;
  }
>;

// The words of the frames the build paints into the first screens' pages, in every language.
const LOCALES: Record<string, unknown> = { en, hi, fr };
function word(language: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], LOCALES[language]);
  if (typeof value !== 'string') throw new Error(`No ${language} words for ${key}`);
  return value;
}

// The typeface's files the first screens preload (src/ui/brand/fonts.css declares all of them):
// the Latin one everywhere, the Devanagari one on the Hindi pages only.
const FONTS = brandFonts({
  family: TYPEFACE,
  everywhere: {
    source: 'noto-sans-latin-wght-normal.woff2',
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    maxKb: 40,
  },
  byLanguage: {
    hi: {
      source: 'noto-sans-devanagari-wght-normal.woff2',
      unicodeRange:
        'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09',
      maxKb: 100,
    },
  },
});

// In development the API runs on the server (npm run dev -w apps/server); Vite forwards /msbapi to it.
export default defineConfig({
  plugins: [
    react(),
    bundleBudget(FIRST_SCREENS),
    mantineStyles(resolve(import.meta.dirname, 'src/app/mantine-styles.css')),
    FONTS.plugin,
    routePages(FIRST_SCREENS, { languages: SUPPORTED_LANGUAGES, word, head: FONTS.languageHead }),
    precompress(),
  ],
  server: { proxy: { '/msbapi': { target: 'http://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: firstScreenChunks(import.meta.dirname, 'src/main.tsx', FIRST_SCREENS) },
    },
  },
});
