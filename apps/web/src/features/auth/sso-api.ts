import type { SsoButton, SsoCallbackInput, SsoLinkInput, TokenResponse } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { startSession } from './api.ts';

/** The tab's sign-in in progress: its tenant, to offer the provider again after a failure. */
const STARTED_TENANT = 'signet.ssoTenant';

/**
 * The tenant named by the admin's sign-in link (`/login?sso=<tenant id>`). Nothing else names
 * one: a browser is not told which tenants have a provider. (Nothing is remembered across a
 * sign-out, which keeps only the spec's three keys.)
 */
export function ssoTenantOf(params: URLSearchParams): string | null {
  return params.get('sso');
}

/** The provider's name for the login button (`GET /public/sso/{tenantId}`); null: no button. */
export function useSsoButton(tenantId: string | null) {
  return useQuery({
    queryKey: ['public', 'sso', tenantId],
    queryFn: () => api.request<SsoButton>('GET', `/public/sso/${tenantId}`, { isPublic: true }),
    enabled: tenantId !== null && /^[0-9a-f-]{36}$/i.test(tenantId),
    retry: false,
  });
}

/** Starts a sign-in at the provider and leaves for its authorization URL. */
export function useStartSso() {
  return useMutation({
    mutationFn: (input: { tenantId: string; next: string | null }) =>
      api.request<{ authorizationUrl: string }>('POST', '/public/sso/start', { isPublic: true, body: input }),
    onSuccess: ({ authorizationUrl }, { tenantId }) => {
      sessionStorage.setItem(STARTED_TENANT, tenantId);
      window.location.assign(authorizationUrl);
    },
  });
}

/** Hands the provider's answer to the server, which answers an ordinary Signet session. */
export function useFinishSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoCallbackInput) =>
      api.request<TokenResponse & { next: string | null }>('POST', '/public/sso/callback', {
        isPublic: true,
        body: input,
      }),
    onSuccess: (tokens) => startSession(tokens, queryClient),
  });
}

/**
 * Confirms with the Signet password that the provider's account is this person's (after -1201):
 * the server binds them and answers the session the callback would have.
 */
export function useLinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoLinkInput) =>
      api.request<TokenResponse & { next: string | null }>('POST', '/public/sso/link', {
        isPublic: true,
        body: input,
      }),
    onSuccess: (tokens) => startSession(tokens, queryClient),
  });
}

/** The tenant a sign-in was started for in this tab, to offer its button again after a failure. */
export function startedTenant(): string | null {
  return sessionStorage.getItem(STARTED_TENANT);
}
