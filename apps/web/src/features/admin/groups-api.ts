import type { Group } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** The tenant's groups (`/v1/groups`, readable by every tenant role): the admin tab and compose use them. */
export function useGroups(enabled = true) {
  const session = useStoredSession();
  return useQuery({
    queryKey: ['groups', session?.tenantId ?? null],
    queryFn: () => api.request<{ groups: Group[] }>('GET', '/v1/groups').then((r) => r.groups),
    enabled: enabled && session !== null,
  });
}

function useGroupMutation<I>(call: (input: I) => Promise<Group | { ok?: boolean }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useCreateGroup() {
  return useGroupMutation((input: { groupName: string; users: string[]; managers?: string[] }) =>
    api.request<Group>('POST', '/v1/groups', { body: input }),
  );
}

/** `PUT /v1/groups`: a new name and/or the whole list of managers. */
export function useUpdateGroup() {
  return useGroupMutation((input: { groupId: string; groupName?: string; managers?: string[] }) =>
    api.request<Group>('PUT', '/v1/groups', { body: input }),
  );
}

export function useDeleteGroup() {
  return useGroupMutation((groupId: string) =>
    api.request<{ ok?: boolean }>('DELETE', `/v1/groups/${groupId}`),
  );
}

export function useAddGroupMembers() {
  return useGroupMutation((input: { groupId: string; userIds: string[]; manager: boolean }) =>
    api.request<Group>('POST', `/v1/groups/${input.groupId}/users`, {
      body: { userIds: input.userIds, manager: input.manager },
    }),
  );
}

export function useRemoveGroupMembers() {
  return useGroupMutation((input: { groupId: string; userIds: string[] }) =>
    api.request<Group>('DELETE', `/v1/groups/${input.groupId}/users`, { body: { userIds: input.userIds } }),
  );
}
