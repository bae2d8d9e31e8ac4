import type { OAuthRequest } from './oauth-authorize.ts';

/**
 * Where a sign-in goes once finished: a page the user asked for (`next`) or an integration's
 * sign-in request. Kept for the tab while a two-factor code is asked on /authenticate, which the
 * sign-in reaches by a redirect that carries no query.
 */
export interface AfterSignIn {
  next?: string;
  oauth?: OAuthRequest;
}

const KEY = 'signet.afterSignIn';

export function rememberAfterSignIn(target: AfterSignIn): void {
  sessionStorage.setItem(KEY, JSON.stringify(target));
}

export function takeAfterSignIn(): AfterSignIn {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    return raw ? (JSON.parse(raw) as AfterSignIn) : {};
  } catch {
    return {};
  }
}
