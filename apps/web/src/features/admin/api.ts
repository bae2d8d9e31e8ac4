import type { CallbackDelivery, OAuthClient, OAuthClientInput, OAuthClientUpdate } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

const CLIENTS = ['oauth-clients'] as const;

export function useOAuthClients() {
  return useQuery({
    queryKey: CLIENTS,
    queryFn: () => api.request<OAuthClient[]>('GET', '/v1/oauthclients'),
  });
}

export function useCreateOAuthClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OAuthClientInput) =>
      api.request<OAuthClient>('POST', '/v1/oauthclients', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useUpdateOAuthClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<OAuthClientUpdate> & { id: string }) =>
      api.request<OAuthClient>('PUT', `/v1/oauthclients/${id}`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useDeleteOAuthClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request<{ deleted: boolean }>('DELETE', `/v1/oauthclients/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useCallbackDeliveries() {
  return useQuery({
    queryKey: ['callback-deliveries'],
    queryFn: () =>
      api.request<CallbackDelivery[]>('GET', '/v1/callbacks', { query: { pg: '1', size: '20' } }),
  });
}
