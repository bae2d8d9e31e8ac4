import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { designPageEn } from './design.en.ts';

/** The design-system page's words, loaded with the page only (`lazyWords`). */
export const useDesignWords = lazyWords('designPage', designPageEn, {
  hi: async () => (await import('./design.hi.ts')).designPageHi,
  fr: async () => (await import('./design.fr.ts')).designPageFr,
});
