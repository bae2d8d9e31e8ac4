import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

/** An integration's sign-in request: `/login?redirect_uri=…&state=…[&client_id=…]` (issue 7). */
export interface OAuthRequest {
  redirect_uri: string;
  state?: string;
  client_id?: string;
}

export function oauthRequestFrom(params: URLSearchParams): OAuthRequest | null {
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return null;
  const state = params.get('state');
  const clientId = params.get('client_id');
  return {
    redirect_uri: redirectUri,
    ...(state !== null ? { state } : {}),
    ...(clientId ? { client_id: clientId } : {}),
  };
}

/** The host the browser is about to be sent to, for the user to see. */
export function oauthHost(request: OAuthRequest): string {
  try {
    return new URL(request.redirect_uri).host;
  } catch {
    return request.redirect_uri;
  }
}

/**
 * Asks the server for a code for the signed-in user and leaves for the integration. The server
 * refuses a redirect URI no integration of the tenant registered, so nobody is sent elsewhere.
 */
export function useAuthorizeRedirect() {
  return useMutation({
    mutationFn: (request: OAuthRequest) =>
      api.request<{ redirectTo: string }>('POST', '/v1/oauth/authorize', { body: request }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
