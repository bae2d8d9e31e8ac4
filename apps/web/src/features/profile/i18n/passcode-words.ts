import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { signingPasscodeEn } from './passcode.en.ts';

/** The signing passcode's words, loaded with the profile's card, the stamp picker and the users tab's menu (`lazyWords`). */
export const usePasscodeWords = lazyWords('signingPasscode', signingPasscodeEn, {
  hi: async () => (await import('./passcode.hi.ts')).signingPasscodeHi,
  fr: async () => (await import('./passcode.fr.ts')).signingPasscodeFr,
});
