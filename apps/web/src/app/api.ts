import {
  Limits,
  type PublicConfiguration,
  type TenantConfiguration,
  type User,
  type UserRef,
} from '@signet/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sessionStore } from './session/client.ts';
import { useStoredSession } from './session/use-session.ts';

/** Shell calls: who is signed in, the tenant's configuration, sign-out and tenant switching. */

export type CurrentUser = User & { defaultTenantUuid: string | null };

export const shellKeys = {
  user: (tenantId: string | null) => ['session', 'user', tenantId] as const,
  configuration: (tenantId: string | null) => ['session', 'configuration', tenantId] as const,
  publicConfiguration: ['public', 'configuration'] as const,
};

// The shell's questions, each named once: the hooks below and the start's prefetch share them.
const currentUserQuery = (tenantId: string | null) =>
  queryOptions({
    queryKey: shellKeys.user(tenantId),
    queryFn: () => api.request<CurrentUser>('GET', '/v1/users/valid'),
    staleTime: 5 * 60_000,
  });
const tenantConfigurationQuery = (tenantId: string | null) =>
  queryOptions({
    queryKey: shellKeys.configuration(tenantId),
    queryFn: () => api.request<TenantConfiguration>('GET', '/v1/configuration'),
    staleTime: 5 * 60_000,
  });
const publicConfigurationQuery = queryOptions({
  queryKey: shellKeys.publicConfiguration,
  queryFn: () => api.request<PublicConfiguration>('GET', '/public/configuration', { isPublic: true }),
  staleTime: 60_000,
});

export function useCurrentUser() {
  const session = useStoredSession();
  return useQuery({ ...currentUserQuery(session?.tenantId ?? null), enabled: session !== null });
}

export function useTenantConfiguration() {
  const session = useStoredSession();
  return useQuery({ ...tenantConfigurationQuery(session?.tenantId ?? null), enabled: session !== null });
}

/**
 * The date format of the signed-in user (their profile's, else their tenant's, else the spec's
 * `DD MMM YYYY`), for date inputs: they show dates as `formatDate` writes them.
 */
export function useDateFormat(): string {
  const user = useCurrentUser().data;
  const configuration = useTenantConfiguration().data;
  return user?.dateFormat || configuration?.dateFormat || Limits.DEFAULT_DATE_FORMAT;
}

export function usePublicConfiguration() {
  return useQuery(publicConfigurationQuery);
}

/**
 * Asks the shell's questions as the app starts, while its translations and stylesheet load:
 * the first render then finds the answers, instead of rendering the screen again, in one task,
 * as each arrives (issue 21), and on a slow network they leave a render earlier.
 */
export function prefetchShell(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(publicConfigurationQuery);
  const session = sessionStore.current();
  if (!session) return;
  void queryClient.prefetchQuery(currentUserQuery(session.tenantId));
  void queryClient.prefetchQuery(tenantConfigurationQuery(session.tenantId));
}

/** Ends the session on the server (best effort) and locally. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.request('POST', '/v1/logout').catch(() => undefined);
    },
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}

/**
 * Switches the tenant (spec §6: the role comes from the tenant entry). The server reads the
 * role of the `tenant_id` header's membership on every call, so switching is local: the user and
 * configuration are fetched again for the new tenant and every cached answer is dropped.
 */
export function useSwitchTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tenantId: string) => {
      sessionStore.setTenant(tenantId);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
      return queryClient.fetchQuery({
        queryKey: shellKeys.user(tenantId),
        queryFn: () => api.request<CurrentUser>('GET', '/v1/users/valid'),
      });
    },
  });
}

/** Users of the tenant matching a search (the global search's user picker). */
export function useUserSearch(search: string) {
  const session = useStoredSession();
  return useQuery({
    queryKey: ['users', 'search', session?.tenantId ?? null, search],
    queryFn: () =>
      api
        .request<{ users: UserRef[] }>('GET', '/v1/users', { query: { search, limit: 20 } })
        .then((r) => r.users),
    enabled: session !== null && search.trim().length >= 2,
    staleTime: 30_000,
  });
}
