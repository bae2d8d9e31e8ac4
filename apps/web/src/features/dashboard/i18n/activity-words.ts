import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { activityEn } from './activity.en.ts';

/** The activity timeline's sentences, loaded with the ePak detail (`lazyWords`). */
export const useActivityWords = lazyWords('activity', activityEn, {
  hi: async () => (await import('./activity.hi.ts')).activityHi,
  fr: async () => (await import('./activity.fr.ts')).activityFr,
});
