import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
import { auditActionsEn } from '../../../features/reports/i18n/audit-actions.en.ts';
import { auditActionsFr } from '../../../features/reports/i18n/audit-actions.fr.ts';
import { auditActionsHi } from '../../../features/reports/i18n/audit-actions.hi.ts';
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
import { signingPoliciesEn } from '../signing-policies/signing-policies.en.ts';
import { signingPoliciesFr } from '../signing-policies/signing-policies.fr.ts';
import { signingPoliciesHi } from '../signing-policies/signing-policies.hi.ts';
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
    auditActions: auditActionsEn,
    signingPolicies: signingPoliciesEn,
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
    auditActions: auditActionsHi,
    signingPolicies: signingPoliciesHi,
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
    auditActions: auditActionsFr,
    signingPolicies: signingPoliciesFr,
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

/**
 * Every words file of the features (`<name>.<lng>.ts` or `<lng>.ts` under each feature’s `i18n` folder), found on
 * disk, so a bundle that is not wired into the app or the list above is checked too.
 */
function wordFiles(): { name: string; files: Record<'en' | 'hi' | 'fr', string> }[] {
  const features = join(import.meta.dirname, '../../../features');
  const groups = new Map<string, Partial<Record<'en' | 'hi' | 'fr', string>>>();
  for (const feature of readdirSync(features)) {
    const dir = join(features, feature, 'i18n');
    if (!statSync(join(features, feature)).isDirectory()) continue;
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const match = /^(?:(.+)\.)?(en|hi|fr)\.ts$/.exec(name);
      if (!match) continue;
      const group = `${feature}/${match[1] ?? feature}`;
      groups.set(group, { ...groups.get(group), [match[2] as string]: join(dir, name) });
    }
  }
  return [...groups].map(([name, files]) => ({ name, files: files as Record<'en' | 'hi' | 'fr', string> }));
}

/** The words a module exports (its one exported object). */
async function wordsOf(path: string): Promise<object> {
  const module = (await import(path)) as Record<string, unknown>;
  const [words] = Object.values(module).filter((v) => typeof v === 'object' && v !== null);
  if (!words) throw new Error(`${basename(dirname(path))}/${basename(path)} exports no words`);
  return words as object;
}

function values(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? values(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}

/**
 * Internal text that must not reach the screen: a "(s)" plural (i18next's plural keys say it
 * properly), a placeholder trailing off in four dots, an environment variable's name.
 */
const INTERNAL: readonly [RegExp, string][] = [
  [/\((?:s|S|es|ES)\)/, '“(s)”: use plural keys (_one/_other, French _many)'],
  [/\.{4}/, '“....”: an ellipsis is one character (…)'],
  [/\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/, 'an environment variable’s name'],
];

describe('words that reach the screen', () => {
  it('every feature’s words file exists in English, Hindi and French with the same keys', async () => {
    const found = wordFiles();
    expect(found.length).toBeGreaterThan(20);
    for (const { name, files } of found) {
      expect(Object.keys(files).sort(), name).toEqual(['en', 'fr', 'hi']);
      const [enWords, hiWords, frWords] = await Promise.all([files.en, files.hi, files.fr].map(wordsOf));
      const english = [...new Set(keys(enWords as object).map(base))].sort();
      for (const [lng, words] of [
        ['hi', hiWords],
        ['fr', frWords],
      ] as const) {
        expect([...new Set(keys(words as object).map(base))].sort(), `${name} (${lng})`).toEqual(english);
      }
    }
  });

  it('no string in any language says “(s)”, “....” or an environment variable', async () => {
    const bundles: [string, object][] = [
      ['en', en],
      ['hi', hi],
      ['fr', fr],
    ];
    for (const { name, files } of wordFiles())
      for (const lng of ['en', 'hi', 'fr'] as const)
        bundles.push([`${name} (${lng})`, await wordsOf(files[lng])]);
    const found: string[] = [];
    for (const [name, bundle] of bundles)
      for (const [key, value] of values(bundle))
        for (const [pattern, why] of INTERNAL)
          if (pattern.test(value)) found.push(`${name} ${key}: ${why} — ${value}`);
    expect(found).toEqual([]);
  });

  it('the check catches what it is for', () => {
    const caught = (value: string) => INTERNAL.some(([pattern]) => pattern.test(value));
    expect(caught('2 signature(s)')).toBe(true);
    expect(caught('2 ROW(S)')).toBe(true);
    expect(caught('Add Signer....')).toBe(true);
    expect(caught('the installation’s SIGNET_ALLOW_SIGNUP decides')).toBe(true);
    expect(caught('2 signatures… (PDF, at most 10 MB)')).toBe(false);
  });
});
