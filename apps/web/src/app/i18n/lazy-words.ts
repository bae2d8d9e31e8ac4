import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isLanguage, type Language } from './i18n.ts';

/**
 * A feature's words that load with the screens that use them, not with the app's English bundle:
 * that bundle ships with every first screen, whose size budgets (vite.config.ts) the words of a
 * screen most people never open would eat. English is added as soon as the feature's module
 * loads; Hindi and French when they are the language, under `key` of the one `translation`
 * namespace, so keys read as everywhere else. Answers the hook that loads them: it says whether
 * the words of the current language are there (English stands in until then).
 */
export function lazyWords<T extends object>(
  key: string,
  en: T,
  others: Record<Exclude<Language, 'en'>, () => Promise<T>>,
): () => boolean {
  const loaders: Record<Language, () => Promise<T>> = { en: async () => en, ...others };
  const added = new Set<string>();
  const add = (language: string, words: T) => {
    i18n.addResourceBundle(language, 'translation', { [key]: words }, true, true);
    added.add(language);
  };
  // The feature's modules load after the app's start, once i18next runs; a test may load them first.
  if (i18n.isInitialized) add('en', en);
  else i18n.on('initialized', () => add('en', en));
  const ensure = async (language: string) => {
    if (added.has(language) || !isLanguage(language)) return;
    add(language, await loaders[language]());
  };

  return function useLazyWords(): boolean {
    const { i18n: instance } = useTranslation();
    const language = instance.resolvedLanguage ?? instance.language;
    const [, setLoaded] = useState(0);
    const ready = added.has(language) || !isLanguage(language);
    useEffect(() => {
      if (ready) return;
      let live = true;
      void ensure(language).then(() => {
        if (live) setLoaded((n) => n + 1);
      });
      return () => {
        live = false;
      };
    }, [language, ready]);
    return ready;
  };
}
