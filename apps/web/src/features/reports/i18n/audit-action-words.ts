import type { TFunction } from 'i18next';
import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { auditActionsEn } from './audit-actions.en.ts';

/** The audit extract's action words (`auditActions.*`), loaded with the reports screen only. */
export const useAuditActionWords = lazyWords('auditActions', auditActionsEn, {
  hi: async () => (await import('./audit-actions.hi.ts')).auditActionsHi,
  fr: async () => (await import('./audit-actions.fr.ts')).auditActionsFr,
});

/**
 * An activity-log action (`stampPaper.csvImported`) as words ("Imported stamp papers from a
 * CSV"); an action without words reads "Other event", never its key.
 */
export function auditActionLabel(t: TFunction, action: string): string {
  // Only a key of letters and dots is looked up: anything else could reach i18next's separators.
  const words = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(action)
    ? t(`auditActions.actions.${action}`, { returnObjects: true, defaultValue: '' })
    : '';
  return typeof words === 'string' && words !== '' ? words : t('auditActions.other');
}
