import { SUPPORTED_LANGUAGES } from '@signet/contracts';
import dayjs from 'dayjs';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey } from '../session/session-store.ts';
import { rememberLanguageForFrames } from './language-cookie.ts';
import { en, type Messages } from './locales/en.ts';

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

// English ships with the first page; the others load when chosen, so they cost nothing until then.
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => en,
  hi: async () => {
    await import('dayjs/locale/hi');
    return (await import('./locales/hi.ts')).hi;
  },
  fr: async () => {
    await import('dayjs/locale/fr');
    return (await import('./locales/fr.ts')).fr;
  },
};

export function isLanguage(value: string | null | undefined): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? '');
}

const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isLanguage(language) ? loaders[language] : loaders.en;
    load().then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, null),
    );
  },
};

function initialLanguage(): Language {
  const stored = localStorage.getItem(StorageKey.locale);
  if (isLanguage(stored)) return stored;
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export const i18n = i18next;

export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: ['translation'],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyLanguage(language);
}

function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  dayjs.locale(language);
  rememberLanguageForFrames(language);
}

/** Switches the interface language and remembers it for this browser (until sign-out). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  localStorage.setItem(StorageKey.locale, language);
  applyLanguage(language);
}
