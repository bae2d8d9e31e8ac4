import type { ProfileUpdate, User } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

export function useSaveProfile() {
  return useMutation({
    mutationFn: (input: ProfileUpdate) => api.request<User>('POST', '/v1/users/profile', { body: input }),
  });
}

export interface SavedImages {
  signatureImage: string | null;
  initialsImage: string | null;
}

export function useSavedSignature(userId: string) {
  return useQuery({
    queryKey: ['saved-signature', userId],
    queryFn: () => api.request<SavedImages>('GET', `/v1/users/${userId}/signature`),
  });
}

export function useSaveSignature(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<SavedImages>) =>
      api.request<SavedImages>('POST', `/v1/users/${userId}/signature`, { body: input }),
    onSuccess: (data) => queryClient.setQueryData(['saved-signature', userId], data),
  });
}
