import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { adminRubberStampsEn } from './rubber-stamps.en.ts';

/** The rubber stamps' words, loaded with the admin tab and the signer's picker (`lazyWords`). */
export const useRubberStampWords = lazyWords('adminRubberStamps', adminRubberStampsEn, {
  hi: async () => (await import('./rubber-stamps.hi.ts')).adminRubberStampsHi,
  fr: async () => (await import('./rubber-stamps.fr.ts')).adminRubberStampsFr,
});
