import type { SsoSettingsAnswer, SsoSettingsInput } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

const ssoKey = (tenantId: string | null) => ['sso', tenantId] as const;

/** The tenant's OpenID Connect provider (`GET /v1/sso`, admins): never its secret. */
export function useSsoSettings() {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ssoKey(tenantId),
    queryFn: () => api.request<SsoSettingsAnswer>('GET', '/v1/sso'),
    enabled: tenantId !== null,
  });
}

/** Saves the provider (`PUT /v1/sso`); the server discovers an enabled provider before keeping it. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: SsoSettingsInput) =>
      api.request<SsoSettingsAnswer>('PUT', '/v1/sso', { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(ssoKey(tenantId), answer),
  });
}
