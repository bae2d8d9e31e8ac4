import type {
  CallbackDelivery,
  OAuthClient,
  OAuthClientInput,
  OAuthClientUpdate,
  WorkflowStateDefinition,
} from '@signet/contracts';
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

export interface AdminReason {
  reasonId: number;
  reason: string;
  kind: 'reject' | 'sign' | 'delegate';
  enabled: boolean;
}

const REASONS = ['reasons'] as const;

/** The tenant's reasons (`/v1/reasons`): the admin adds, rewords and disables them. */
export function useAdminReasons() {
  return useQuery({ queryKey: REASONS, queryFn: () => api.request<AdminReason[]>('GET', '/v1/reasons') });
}

export function useSaveReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      reasonId?: number;
      reason?: string;
      kind?: AdminReason['kind'];
      enabled?: boolean;
    }) =>
      input.reasonId === undefined
        ? api.request<AdminReason>('POST', '/v1/reasons', { body: input })
        : api.request<AdminReason>('PUT', '/v1/reasons', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REASONS }),
  });
}

const STATES = ['workflow-states'] as const;

/** The tenant's step vocabulary (`/v1/workflow/states`), in its order. */
export function useWorkflowStates() {
  return useQuery({
    queryKey: STATES,
    queryFn: () => api.request<WorkflowStateDefinition[]>('GET', '/v1/workflow/states'),
  });
}

export function useChangeWorkflowStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add'; name: string; action: WorkflowStateDefinition['action'] }
        | { kind: 'edit'; workflowStateId: string; name?: string; enabled?: boolean }
        | { kind: 'move'; workflowStateId: string; order: number },
    ) => {
      if (change.kind === 'add')
        return api.request<WorkflowStateDefinition[]>('POST', '/v1/workflow/states', {
          body: { name: change.name, action: change.action },
        });
      if (change.kind === 'move')
        return api.request<WorkflowStateDefinition[]>(
          'PUT',
          `/v1/workflow/states/${change.workflowStateId}/${change.order}`,
        );
      const { kind: _, ...body } = change;
      return api.request<WorkflowStateDefinition[]>('PUT', '/v1/workflow/states', { body });
    },
    onSuccess: (states) => queryClient.setQueryData(STATES, states),
  });
}
