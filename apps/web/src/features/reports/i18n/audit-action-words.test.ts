import { beforeAll, describe, expect, it } from 'vitest';
import { serverActivityActions } from '../../../../test/server-actions.ts';
import { i18n, initI18n } from '../../../app/i18n/i18n.ts';
import { auditActionLabel } from './audit-action-words.ts';
import { auditActionsEn } from './audit-actions.en.ts';

const LANGUAGES = ['en', 'hi', 'fr'] as const;

beforeAll(async () => {
  await initI18n('en');
  const { auditActionsHi } = await import('./audit-actions.hi.ts');
  const { auditActionsFr } = await import('./audit-actions.fr.ts');
  for (const [language, words] of [
    ['en', auditActionsEn],
    ['hi', auditActionsHi],
    ['fr', auditActionsFr],
  ] as const)
    i18n.addResourceBundle(language, 'translation', { auditActions: words }, true, true);
});

const label = (action: string, language: string) => auditActionLabel(i18n.getFixedT(language), action);

describe('the audit extract’s actions as words', () => {
  it('reads an action as a short sentence in each language', () => {
    expect(label('auth.signIn', 'en')).toBe('Signed in');
    expect(label('stampPaper.csvImported', 'en')).toBe('Imported stamp papers from a CSV');
    expect(label('epak.code.wrong', 'fr')).toBe('Code d’accès erroné saisi');
    expect(label('user.invited', 'hi')).toBe('उपयोगकर्ता को आमंत्रित किया');
  });

  it('an action without words, or a part of a key, reads "Other event", never the key', () => {
    for (const action of ['epak.somethingNew', 'epak', 'epak.code', 'x:y.z', ''])
      expect(label(action, 'en'), action).toBe('Other event');
    expect(label('epak.somethingNew', 'hi')).toBe('अन्य घटना');
    expect(label('epak.somethingNew', 'fr')).toBe('Autre événement');
  });

  it('every action the server logs has its own words in English, Hindi and French', () => {
    const logged = serverActivityActions();
    expect(logged.length).toBeGreaterThan(90);
    // The language's own words, not English standing in for a missing one.
    for (const language of LANGUAGES) {
      const missing = logged.filter(
        (action) =>
          typeof i18n.getResource(language, 'translation', `auditActions.actions.${action}`) !== 'string',
      );
      expect(missing, language).toEqual([]);
    }
  });
});
