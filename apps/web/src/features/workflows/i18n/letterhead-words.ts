import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { letterheadsEn } from './letterheads.en.ts';

/** The letterheads' words, loaded with the workflows screen and the tag editor's picker (`lazyWords`). */
export const useLetterheadWords = lazyWords('letterheads', letterheadsEn, {
  hi: async () => (await import('./letterheads.hi.ts')).letterheadsHi,
  fr: async () => (await import('./letterheads.fr.ts')).letterheadsFr,
});
