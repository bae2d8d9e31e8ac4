import type {
  Document,
  TeamRoom,
  TeamRoomDetail,
  TeamRoomRole,
  TeamRoomStatus,
  UpdateTeamRoom,
} from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

const ROOMS = ['teamrooms'] as const;
const roomKey = (id: string) => ['teamrooms', 'room', id] as const;

/** The rooms the user is in (`GET /v1/teamrooms`), only asked while the tenant's switch is on. */
export function useTeamRooms(status: TeamRoomStatus, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOMS, 'list', status],
    queryFn: () => api.request<TeamRoom[]>('GET', '/v1/teamrooms', { query: { status } }),
    enabled,
  });
}

export function useTeamRoom(teamRoomId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: roomKey(teamRoomId ?? ''),
    queryFn: () => api.request<TeamRoomDetail>('GET', `/v1/teamrooms/${teamRoomId}`),
    enabled: enabled && teamRoomId !== null,
    retry: false,
  });
}

/** A mutation answering the room: the answer replaces the cached room, and the lists refresh. */
function useRoomMutation<I, O extends TeamRoomDetail | TeamRoom | null>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (room) => {
      if (room && 'documents' in room) queryClient.setQueryData(roomKey(room.teamRoomId), room);
      return queryClient.invalidateQueries({ queryKey: [...ROOMS, 'list'] });
    },
  });
}

export const useCreateTeamRoom = () =>
  useRoomMutation((input: { name: string; description: string }) =>
    api.request<TeamRoom>('POST', '/v1/teamrooms', { body: input }),
  );

export const useUpdateTeamRoom = () =>
  useRoomMutation(({ teamRoomId, ...input }: UpdateTeamRoom & { teamRoomId: string }) =>
    api.request<TeamRoomDetail>('PUT', `/v1/teamrooms/${teamRoomId}`, { body: input }),
  );

export const useCloneTeamRoom = () =>
  useRoomMutation(({ teamRoomId, ...input }: { teamRoomId: string; name: string; includeMembers: boolean }) =>
    api.request<TeamRoomDetail>('POST', `/v1/teamrooms/clone/${teamRoomId}`, { body: input }),
  );

export const useAddRoomMembers = (teamRoomId: string) =>
  useRoomMutation((input: { userIds: string[]; role: TeamRoomRole }) =>
    api.request<TeamRoomDetail>('POST', `/v1/teamrooms/${teamRoomId}/members`, { body: input }),
  );

export const useChangeRoomMember = (teamRoomId: string) =>
  useRoomMutation(({ userId, role }: { userId: string; role: TeamRoomRole }) =>
    api.request<TeamRoomDetail>('PUT', `/v1/teamrooms/${teamRoomId}/members/${userId}`, { body: { role } }),
  );

export const useRemoveRoomMember = (teamRoomId: string) =>
  useRoomMutation((userId: string) =>
    api.request<TeamRoomDetail | null>('DELETE', `/v1/teamrooms/${teamRoomId}/members/${userId}`),
  );

export const useCreateRoomFolder = (teamRoomId: string) =>
  useRoomMutation((name: string) =>
    api.request<TeamRoomDetail>('POST', `/v1/teamrooms/${teamRoomId}/folders`, { body: { name } }),
  );

export const useDeleteRoomFolder = (teamRoomId: string) =>
  useRoomMutation((folderId: string) =>
    api.request<TeamRoomDetail>('DELETE', `/v1/teamrooms/${teamRoomId}/folders/${folderId}`),
  );

export const useMoveRoomDocument = (teamRoomId: string) =>
  useRoomMutation(({ documentId, folderId }: { documentId: string; folderId: string | null }) =>
    api.request<TeamRoomDetail>('PUT', `/v1/teamrooms/${teamRoomId}/documents/${documentId}`, {
      body: { folderId },
    }),
  );

export const useDeleteRoomDocument = (teamRoomId: string) =>
  useRoomMutation((documentId: string) =>
    api.request<TeamRoomDetail>('DELETE', `/v1/teamrooms/${teamRoomId}/documents/${documentId}`),
  );

export const useUnlockRoomDocument = (teamRoomId: string) =>
  useRoomMutation((documentId: string) =>
    api.request<TeamRoomDetail>('POST', `/v1/teamrooms/${teamRoomId}/documents/${documentId}/unlock`),
  );

/** One file into the room (the engine's ingest), reporting upload progress from 0 to 1. */
export const useUploadRoomDocument = (teamRoomId: string) =>
  useRoomMutation(
    ({
      file,
      folderId,
      onProgress,
    }: {
      file: File;
      folderId: string | null;
      onProgress: (f: number) => void;
    }) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return api.request<TeamRoomDetail>('POST', `/v1/teamrooms/${teamRoomId}/documents`, {
        formData,
        ...(folderId ? { query: { folderId } } : {}),
        onUploadProgress: onProgress,
      });
    },
  );

/** Room documents copied into the user's library for compose (`POST …/compose`). */
export function useComposeFromRoom(teamRoomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: string[]) =>
      api
        .request<{ documents: Document[] }>('POST', `/v1/teamrooms/${teamRoomId}/compose`, {
          body: { documentIds },
        })
        .then((r) => r.documents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomKey(teamRoomId) }),
  });
}

export function downloadRoomDocument(teamRoomId: string, documentId: string): Promise<Blob> {
  return fetchBinary(`/v1/teamrooms/${teamRoomId}/documents/${documentId}/download`);
}
