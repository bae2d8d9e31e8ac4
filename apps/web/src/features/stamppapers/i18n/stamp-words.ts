import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { stampPapersEn } from './stamppapers.en.ts';

/** The stamp-paper words, loaded with the inventory and the compose picker (`lazyWords`). */
export const useStampWords = lazyWords('stampPapers', stampPapersEn, {
  hi: async () => (await import('./stamppapers.hi.ts')).stampPapersHi,
  fr: async () => (await import('./stamppapers.fr.ts')).stampPapersFr,
});
