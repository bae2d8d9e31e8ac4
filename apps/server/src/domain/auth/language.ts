import { SUPPORTED_LANGUAGES } from '@signet/contracts';

/** A language the web app offers and the server writes its mails in. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

function supported(tag: string): Language | null {
  // Regional variants share their language's words (hi-IN is hi, fr-CA is fr).
  const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/**
 * The language of a request from its `Accept-Language` header (spec §7): the supported language
 * the caller weighs highest, English when it names none of them. `q=0` rules a language out.
 */
export function negotiateLanguage(header: string | readonly string[] | undefined): Language {
  const value = typeof header === 'string' ? header : (header ?? []).join(',');
  const ranges = value
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((x) => x !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.tag !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const range of ranges) {
    if (range.tag === '*') return DEFAULT_LANGUAGE;
    const language = supported(range.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The language of a stored profile locale (`users.locale`), English when it is not one we write. */
export function languageOfLocale(locale: string | null | undefined): Language {
  return (locale && supported(locale)) || DEFAULT_LANGUAGE;
}

/**
 * The language of a mail about someone's account: their profile's once they have set a password
 * (they chose it), otherwise the request's — the language of whoever invited them, which a new
 * account keeps as its locale.
 */
export function accountMailLanguage(
  account: { passwordHash: string | null; locale: string } | null | undefined,
  requestLanguage: Language | undefined,
): Language {
  return account?.passwordHash ? languageOfLocale(account.locale) : (requestLanguage ?? DEFAULT_LANGUAGE);
}
