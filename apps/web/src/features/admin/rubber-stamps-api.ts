import type { RubberStamp, ShareRubberStamp, UserRef } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

const STAMPS = ['rubber-stamps'] as const;

/**
 * `GET /v2/rubberstamp`: every stamp for an admin, else the stamps shared with the caller (what
 * the signing view's picker offers). Only asked while the tenant's switch is on.
 */
export function useRubberStamps(enabled = true) {
  const session = useStoredSession();
  return useQuery({
    queryKey: [...STAMPS, session?.tenantId ?? null],
    queryFn: () => api.request<RubberStamp[]>('GET', '/v2/rubberstamp'),
    enabled: enabled && session !== null,
  });
}

function useStampMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAMPS }),
  });
}

export interface StampInput {
  name: string;
  height: number;
  width: number;
  file: File | null;
}

function stampForm(input: Partial<StampInput> & { id?: string }): FormData {
  const formData = new FormData();
  if (input.id) formData.append('id', input.id);
  if (input.name !== undefined) formData.append('name', input.name);
  if (input.height !== undefined) formData.append('height', String(input.height));
  if (input.width !== undefined) formData.append('width', String(input.width));
  if (input.file) formData.append('file', input.file, input.file.name);
  return formData;
}

export function useCreateRubberStamp() {
  return useStampMutation((input: StampInput) =>
    api.request<RubberStamp>('POST', '/v2/rubberstamp', { formData: stampForm(input) }),
  );
}

export function useUpdateRubberStamp() {
  return useStampMutation((input: StampInput & { id: string }) =>
    api.request<RubberStamp>('PUT', '/v2/rubberstamp', { formData: stampForm(input) }),
  );
}

export function useDeleteRubberStamp() {
  return useStampMutation((id: string) =>
    api.request<{ deleted: boolean }>('DELETE', `/v2/rubberstamp/${id}`),
  );
}

export function useShareRubberStamp() {
  return useStampMutation((input: ShareRubberStamp) =>
    api.request<RubberStamp>('POST', '/v2/rubberstamp/share', { body: input }),
  );
}

/** The tenant's members by id, to name the people a stamp is shared with. */
export function useMembersById(enabled: boolean) {
  return useQuery({
    queryKey: ['rubber-stamps', 'members'],
    queryFn: () =>
      api
        .request<{ users: UserRef[] }>('GET', '/v1/filteredusers', { query: { pg: 0, size: 200 } })
        .then((r) => new Map(r.users.map((u) => [u.id, u]))),
    enabled,
  });
}
