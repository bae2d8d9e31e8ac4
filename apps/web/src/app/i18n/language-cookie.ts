import { LANGUAGE_COOKIE } from '@signet/contracts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Tells the server which language the first screen's frame is to be painted in next time. */
export function rememberLanguageForFrames(language: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older Safari many signers' phones run.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** After sign-out the app goes by the browser's language again, and so does the server. */
export function forgetLanguageForFrames(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
