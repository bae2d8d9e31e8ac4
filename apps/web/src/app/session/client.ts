import { type ApiError, createApiClient, type Destination } from './api-client.ts';
import { createSessionStore } from './session-store.ts';

/** The one session and API client of the app. Features reach them through their `api.ts` hooks. */
export const sessionStore = createSessionStore();

const PendingKey = { challenge: 'signet.challenge', passwordReason: 'signet.passwordReason' } as const;

let navigator: (to: string) => void = (to) => window.location.assign(to);
let language: () => string = () => 'en';

/** The router registers itself here, so the client can move the user without a page load. */
export function setNavigator(fn: (to: string) => void): void {
  navigator = fn;
}
export function setLanguageSource(fn: () => string): void {
  language = fn;
}
/** The app's language, as every request's `Accept-Language` says it. */
export function requestLanguage(): string {
  return language();
}

export const api = createApiClient({
  store: sessionStore,
  navigate: (to: Destination) => navigator(to),
  language: () => language(),
  onRedirectData(to, data) {
    if (to === '/authenticate') sessionStorage.setItem(PendingKey.challenge, JSON.stringify(data));
    if (to === '/changepassword') sessionStorage.setItem(PendingKey.passwordReason, String(data));
  },
});

/** The -200 answer's challenge, for the two-factor page. */
export function pendingChallenge<T>(): T | null {
  const raw = sessionStorage.getItem(PendingKey.challenge);
  return raw ? (JSON.parse(raw) as T) : null;
}
export function savePendingChallenge(data: unknown): void {
  sessionStorage.setItem(PendingKey.challenge, JSON.stringify(data));
}
/** `expired` or `resetpassword` from the -73 answer. */
export function pendingPasswordReason(): string | null {
  return sessionStorage.getItem(PendingKey.passwordReason);
}
export function clearPending(): void {
  sessionStorage.removeItem(PendingKey.challenge);
  sessionStorage.removeItem(PendingKey.passwordReason);
}

export function isHandled(error: unknown): boolean {
  return (error as ApiError | undefined)?.handled === true;
}
