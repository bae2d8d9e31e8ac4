import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aadhaarEn } from '../../../features/aadhaar/i18n/aadhaar.en.ts';
import { aadhaarFr } from '../../../features/aadhaar/i18n/aadhaar.fr.ts';
import { aadhaarHi } from '../../../features/aadhaar/i18n/aadhaar.hi.ts';
import { adminRubberStampsEn } from '../../../features/admin/i18n/rubber-stamps.en.ts';
import { adminRubberStampsFr } from '../../../features/admin/i18n/rubber-stamps.fr.ts';
import { adminRubberStampsHi } from '../../../features/admin/i18n/rubber-stamps.hi.ts';
import { tagEditorEn } from '../../../features/compose/i18n/tag-editor.en.ts';
import { tagEditorFr } from '../../../features/compose/i18n/tag-editor.fr.ts';
import { tagEditorHi } from '../../../features/compose/i18n/tag-editor.hi.ts';
import { activityEn } from '../../../features/dashboard/i18n/activity.en.ts';
import { activityFr } from '../../../features/dashboard/i18n/activity.fr.ts';
import { activityHi } from '../../../features/dashboard/i18n/activity.hi.ts';
import { designPageEn } from '../../../features/design/i18n/design.en.ts';
import { designPageFr } from '../../../features/design/i18n/design.fr.ts';
import { designPageHi } from '../../../features/design/i18n/design.hi.ts';
import { designDataEn, designDataFr, designDataHi } from '../../../features/design/i18n/design-data-words.ts';
import { signingPasscodeEn } from '../../../features/profile/i18n/passcode.en.ts';
import { signingPasscodeFr } from '../../../features/profile/i18n/passcode.fr.ts';
import { signingPasscodeHi } from '../../../features/profile/i18n/passcode.hi.ts';
import { stampPapersEn } from '../../../features/stamppapers/i18n/stamppapers.en.ts';
import { stampPapersFr } from '../../../features/stamppapers/i18n/stamppapers.fr.ts';
import { stampPapersHi } from '../../../features/stamppapers/i18n/stamppapers.hi.ts';
import { letterheadsEn } from '../../../features/workflows/i18n/letterheads.en.ts';
import { letterheadsFr } from '../../../features/workflows/i18n/letterheads.fr.ts';
import { letterheadsHi } from '../../../features/workflows/i18n/letterheads.hi.ts';
import {
  fileDropzoneEn,
  fileDropzoneFr,
  fileDropzoneHi,
} from '../../../ui/components/file-dropzone-words.ts';
import { i18n, initI18n } from '../i18n.ts';
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
    designData: designDataEn,
    fileDropzone: fileDropzoneEn,
    activity: activityEn,
    tagEditor: tagEditorEn,
  },
  hi: {
    stampPapers: stampPapersHi,
    signingPasscode: signingPasscodeHi,
    aadhaar: aadhaarHi,
    adminRubberStamps: adminRubberStampsHi,
    letterheads: letterheadsHi,
    designPage: designPageHi,
    designData: designDataHi,
    fileDropzone: fileDropzoneHi,
    activity: activityHi,
    tagEditor: tagEditorHi,
  },
  fr: {
    stampPapers: stampPapersFr,
    signingPasscode: signingPasscodeFr,
    aadhaar: aadhaarFr,
    adminRubberStamps: adminRubberStampsFr,
    letterheads: letterheadsFr,
    designPage: designPageFr,
    designData: designDataFr,
    fileDropzone: fileDropzoneFr,
    activity: activityFr,
    tagEditor: tagEditorFr,
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

/**
 * i18next's plural suffixes: `rows_one`, `rows_other`… are all the key `rows`. French needs
 * `_many` too; every bundle has the English shape, so English and Hindi carry it unused.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

describe('translations', () => {
  const english = new Set([...keys(en), ...keys(LAZY.en)].map(base));

  it('Hindi and French have exactly the English keys, none empty', () => {
    for (const bundle of [
      { ...hi, ...LAZY.hi },
      { ...fr, ...LAZY.fr },
    ]) {
      expect([...new Set(keys(bundle).map(base))].sort()).toEqual([...english].sort());
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle);
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it('a counted key has every plural form its language needs', () => {
    for (const [lng, bundle] of [
      ['en', { ...en, ...LAZY.en }],
      ['hi', { ...hi, ...LAZY.hi }],
      ['fr', { ...fr, ...LAZY.fr }],
    ] as const) {
      const all = keys(bundle);
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const plural of new Set(all.filter((k) => PLURAL.test(k)).map(base))) {
        for (const category of needed) expect(all, `${lng} ${plural}`).toContain(`${plural}_${category}`);
      }
    }
  });

  it('counts read as proper plurals in English, Hindi and French', async () => {
    await initI18n('en');
    const said: Record<string, string> = {};
    const cases = [
      ['en', 'compose.pages', 1],
      ['en', 'epaks.pages', 2],
      ['en', 'verify.file', 2],
      ['en', 'verify.file', 1],
      ['en', 'reports.rows', 1],
      ['en', 'reports.rows', 2],
      ['fr', 'reports.rows', 0],
      ['fr', 'reports.rows', 2],
      ['fr', 'reports.rows', 1000000],
      ['fr', 'epaks.pages', 1],
      ['hi', 'reports.rows', 1],
      ['hi', 'reports.rows', 3],
      ['en', 'sign.fillRequired', 1],
      ['en', 'sign.fillRequired', 2],
      ['fr', 'sign.autoFill', 1],
      ['fr', 'sign.autoFill', 3],
    ] as const;
    try {
      for (const [lng, key, count] of cases) {
        await i18n.changeLanguage(lng);
        said[`${lng} ${key} ${count}`] = i18n.t(key, { count, name: 'a.pdf' });
      }
    } finally {
      await i18n.changeLanguage('en');
    }
    const say = (lng: string, key: string, count: number) => said[`${lng} ${key} ${count}`];
    expect(say('en', 'compose.pages', 1)).toBe('1 page');
    expect(say('en', 'epaks.pages', 2)).toBe('2 pages');
    expect(say('en', 'verify.file', 2)).toBe('a.pdf — 2 signatures');
    expect(say('en', 'verify.file', 1)).toBe('a.pdf — 1 signature');
    expect(say('en', 'reports.rows', 1)).toBe('1 row');
    expect(say('en', 'reports.rows', 2)).toBe('2 rows');
    expect(say('fr', 'reports.rows', 0)).toBe('0 ligne');
    expect(say('fr', 'reports.rows', 2)).toBe('2 lignes');
    // French asks for `_many` from a million on: without it i18next shows the bare key.
    expect(say('fr', 'reports.rows', 1000000)).toBe('1000000 lignes');
    expect(say('fr', 'epaks.pages', 1)).toBe('1 page');
    expect(say('hi', 'reports.rows', 1)).toBe('1 पंक्ति');
    expect(say('hi', 'reports.rows', 3)).toBe('3 पंक्तियाँ');
    expect(say('en', 'sign.fillRequired', 1)).toBe('Please fill in the required field first.');
    expect(say('en', 'sign.fillRequired', 2)).toBe('Please fill in the 2 required fields first.');
    expect(say('fr', 'sign.autoFill', 1)).toBe('Utiliser la même chose pour l’autre champ vide de ce type ?');
    expect(say('fr', 'sign.autoFill', 3)).toBe(
      'Utiliser la même chose pour les 3 autres champs vides de ce type ?',
    );
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
