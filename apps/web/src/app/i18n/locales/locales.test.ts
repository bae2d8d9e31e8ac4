import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aadhaarEn } from '../../../features/aadhaar/i18n/aadhaar.en.ts';
import { aadhaarFr } from '../../../features/aadhaar/i18n/aadhaar.fr.ts';
import { aadhaarHi } from '../../../features/aadhaar/i18n/aadhaar.hi.ts';
import { adminRubberStampsEn } from '../../../features/admin/i18n/rubber-stamps.en.ts';
import { adminRubberStampsFr } from '../../../features/admin/i18n/rubber-stamps.fr.ts';
import { adminRubberStampsHi } from '../../../features/admin/i18n/rubber-stamps.hi.ts';
import { designPageEn } from '../../../features/design/i18n/design.en.ts';
import { designPageFr } from '../../../features/design/i18n/design.fr.ts';
import { designPageHi } from '../../../features/design/i18n/design.hi.ts';
import { signingPasscodeEn } from '../../../features/profile/i18n/passcode.en.ts';
import { signingPasscodeFr } from '../../../features/profile/i18n/passcode.fr.ts';
import { signingPasscodeHi } from '../../../features/profile/i18n/passcode.hi.ts';
import { stampPapersEn } from '../../../features/stamppapers/i18n/stamppapers.en.ts';
import { stampPapersFr } from '../../../features/stamppapers/i18n/stamppapers.fr.ts';
import { stampPapersHi } from '../../../features/stamppapers/i18n/stamppapers.hi.ts';
import { letterheadsEn } from '../../../features/workflows/i18n/letterheads.en.ts';
import { letterheadsFr } from '../../../features/workflows/i18n/letterheads.fr.ts';
import { letterheadsHi } from '../../../features/workflows/i18n/letterheads.hi.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';

/** Words a feature adds when its screens load (not in the bundle every first screen ships). */
const LAZY = {
  en: {
    stampPapers: stampPapersEn,
    signingPasscode: signingPasscodeEn,
    aadhaar: aadhaarEn,
    adminRubberStamps: adminRubberStampsEn,
    letterheads: letterheadsEn,
    designPage: designPageEn,
  },
  hi: {
    stampPapers: stampPapersHi,
    signingPasscode: signingPasscodeHi,
    aadhaar: aadhaarHi,
    adminRubberStamps: adminRubberStampsHi,
    letterheads: letterheadsHi,
    designPage: designPageHi,
  },
  fr: {
    stampPapers: stampPapersFr,
    signingPasscode: signingPasscodeFr,
    aadhaar: aadhaarFr,
    adminRubberStamps: adminRubberStampsFr,
    letterheads: letterheadsFr,
    designPage: designPageFr,
  },
};

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('translations', () => {
  const english = new Set([...keys(en), ...keys(LAZY.en)]);

  it('Hindi and French have exactly the English keys, none empty', () => {
    for (const bundle of [
      { ...hi, ...LAZY.hi },
      { ...fr, ...LAZY.fr },
    ]) {
      expect(keys(bundle).sort()).toEqual([...english].sort());
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it('every literal key the code translates exists in English', () => {
    const root = join(import.meta.dirname, '../../..');
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.-]+)'/g)) {
        used.add(match[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });
});
