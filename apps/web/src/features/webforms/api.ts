import type { WebformApi, WebformMapping, WebformTarget } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** Web-form mappings (`/v2/webform`) and their generated API (`/v2/generatewebformapi`). */

const keys = {
  all: ['webforms'] as const,
  list: (tenantId: string | null) => ['webforms', 'list', tenantId] as const,
  api: (mappingId: string) => ['webforms', 'api', mappingId] as const,
};

export function useWebforms(enabled: boolean) {
  const session = useStoredSession();
  return useQuery({
    queryKey: keys.list(session?.tenantId ?? null),
    queryFn: () => api.request<{ mappings: WebformMapping[] }>('GET', '/v2/webform').then((r) => r.mappings),
    enabled: enabled && session !== null,
  });
}

/** What the editor saves: the spec's query parameters, and per input what it fills. */
export interface WebformDraft {
  mappingId?: string;
  name: string;
  documentId: string;
  /** `none`: the document template's own workflow. */
  workflowId: string;
  inputNames: string[];
  targets: Record<string, WebformTarget>;
}

export function useSaveWebform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: WebformDraft) =>
      api.request<WebformMapping>(d.mappingId ? 'PUT' : 'POST', '/v2/webform', {
        query: {
          ...(d.mappingId ? { mappingId: d.mappingId } : {}),
          name: d.name,
          documentId: d.documentId,
          workflowId: d.workflowId,
          htmlInputFilenames: d.inputNames.join(','),
        },
        body: { targets: d.targets },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteWebform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappingId: string) => api.request<{ ok: true }>('DELETE', `/v2/webform/${mappingId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useWebformApi(mappingId: string | null) {
  return useQuery({
    queryKey: keys.api(mappingId ?? ''),
    queryFn: () =>
      api.request<WebformApi>('GET', '/v2/generatewebformapi', { query: { mappingId: mappingId ?? '' } }),
    enabled: mappingId !== null,
  });
}

/** A new key: the old one stops working at once. */
export function useRegenerateWebformKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappingId: string) =>
      api.request<WebformApi>('GET', '/v2/generatewebformapi', { query: { mappingId, regenerate: 'true' } }),
    onSuccess: (data) => queryClient.setQueryData(keys.api(data.mappingId), data),
  });
}
