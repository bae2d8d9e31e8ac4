import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { aadhaarEn } from './aadhaar.en.ts';

/** Aadhaar eSign, COSIGN and TRANSSPED words, loaded with their page and dialogs (`lazyWords`). */
export const useAadhaarWords = lazyWords('aadhaar', aadhaarEn, {
  hi: async () => (await import('./aadhaar.hi.ts')).aadhaarHi,
  fr: async () => (await import('./aadhaar.fr.ts')).aadhaarFr,
});
