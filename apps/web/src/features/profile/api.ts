import type { ProfileUpdate, SetSigningPasscode, SigningPasscodeState, User } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shellKeys } from '../../app/api.ts';
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

/** `PUT /v2/user/passcode`: sets or changes the signing passcode; the signed-in user's passcodeFlag follows. */
export function useSetSigningPasscode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSigningPasscode) =>
      api.request<SigningPasscodeState>('PUT', '/v2/user/passcode', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shellKeys.user(null).slice(0, 2) }),
  });
}
