import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { LoadedFont } from './loaded-font.ts';

/**
 * The fonts the engine ships with (npm packages of Google's Noto fonts, OFL-1.1; the packages'
 * code is MIT): Noto Sans for Latin, Greek and Cyrillic (and Devanagari in recent versions),
 * Noto Sans Devanagari, Noto Sans SC for Chinese (its Han glyphs also cover most Japanese
 * and Korean Hanja) and Noto Sans Arabic. All are TrueType outlines, embedded as subsets at use.
 */
export interface FontRequest {
  /** The tag's fontFamily; unknown families fall back to Noto Sans. */
  family?: string;
  /** CSS-like: 'bold', 'normal' or 100…900. */
  weight?: string | number;
  /** 'italic' or 'oblique' ask for a slanted face; synthesised where the family has none. */
  style?: string;
}

export interface FontFace {
  font: LoadedFont;
  /** True when italic was asked for and this face is upright: the writer slants it. */
  syntheticItalic: boolean;
}

interface Family {
  pkg: string;
  file: (weight: number, italic: boolean) => string;
  italics: boolean;
}

const WEIGHT_NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

function expoFile(prefix: string) {
  return (weight: number, italic: boolean): string => {
    const style = `${weight}${WEIGHT_NAMES[weight]}${italic ? '_Italic' : ''}`;
    return `${style}/${prefix}_${style}.ttf`;
  };
}

const FAMILIES: Record<string, Family> = {
  'noto-sans': { pkg: '@expo-google-fonts/noto-sans', file: expoFile('NotoSans'), italics: true },
  'noto-sans-devanagari': {
    pkg: '@expo-google-fonts/noto-sans-devanagari',
    file: expoFile('NotoSansDevanagari'),
    italics: false,
  },
  'noto-sans-sc': { pkg: '@expo-google-fonts/noto-sans-sc', file: expoFile('NotoSansSC'), italics: false },
  'noto-sans-arabic': {
    pkg: '@expo-google-fonts/noto-sans-arabic',
    file: expoFile('NotoSansArabic'),
    italics: false,
  },
};

/** Families tried in order for characters the requested family lacks. */
const FALLBACK_CHAIN = ['noto-sans', 'noto-sans-devanagari', 'noto-sans-sc', 'noto-sans-arabic'];

const require = createRequire(import.meta.url);
const loaded = new Map<string, LoadedFont>();
const custom = new Map<string, LoadedFont>();

/**
 * Registers a TrueType font under a family name (spec §3: a font family has a name and the url
 * of a TrueType font; the server downloads it and hands us the bytes).
 */
export function registerFontFamily(family: string, ttf: Uint8Array): void {
  let font: LoadedFont;
  try {
    font = new LoadedFont(Buffer.from(ttf), family);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new PdfError(Code.INVALID_INPUT, `The font for "${family}" cannot be used: ${why}.`);
  }
  if (font.metrics.embeddingRestricted) {
    throw new PdfError(
      Code.INVALID_INPUT,
      `The font for "${family}" does not allow embedding (its licence is restricted).`,
    );
  }
  custom.set(normalise(family), font);
}

function normalise(family: string): string {
  return family.trim().toLowerCase().replace(/["']/g, '').replace(/\s+/g, '-');
}

export function parseWeight(weight: string | number | undefined): number {
  if (typeof weight === 'number') return clampWeight(weight);
  const w = (weight ?? '').trim().toLowerCase();
  if (w === 'bold' || w === 'bolder') return 700;
  if (/^\d{3}$/.test(w)) return clampWeight(Number(w));
  return 400;
}

function clampWeight(w: number): number {
  return Math.min(900, Math.max(100, Math.round(w / 100) * 100));
}

function loadShipped(key: string, weight: number, italic: boolean): LoadedFont {
  const fam = FAMILIES[key] ?? (FAMILIES['noto-sans'] as Family);
  const file = fam.file(weight, italic && fam.italics);
  const id = `${fam.pkg}/${file}`;
  let font = loaded.get(id);
  if (!font) {
    const dir = dirname(require.resolve(`${fam.pkg}/package.json`));
    font = new LoadedFont(readFileSync(join(dir, file)), id);
    loaded.set(id, font);
  }
  return font;
}

/** The faces to try for each character, the requested one first. */
export function resolveFaces(req: FontRequest): FontFace[] {
  const weight = parseWeight(req.weight);
  const italic = /italic|oblique/i.test(req.style ?? '');
  const faces: FontFace[] = [];
  const key = normalise(req.family ?? '');
  const own = custom.get(key);
  if (own) faces.push({ font: own, syntheticItalic: italic });
  const shippedFirst = FAMILIES[key] ? key : undefined;
  const chain = shippedFirst ? [shippedFirst, ...FALLBACK_CHAIN.filter((k) => k !== key)] : FALLBACK_CHAIN;
  for (const k of chain) {
    const fam = FAMILIES[k] as Family; // keys of the chain are keys of FAMILIES
    faces.push({ font: loadShipped(k, weight, italic), syntheticItalic: italic && !fam.italics });
  }
  return faces;
}
