import { lazyWords } from '../../../app/i18n/lazy-words.ts';
import { tagEditorEn } from './tag-editor.en.ts';

/** The tag editor's words (`tagEditor.*`), loaded with the editor rather than with every first screen. */
export const useTagEditorWords = lazyWords('tagEditor', tagEditorEn, {
  hi: async () => (await import('./tag-editor.hi.ts')).tagEditorHi,
  fr: async () => (await import('./tag-editor.fr.ts')).tagEditorFr,
});
