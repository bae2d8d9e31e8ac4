import type { Invitation, InvitationAnswered } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** Invitations from other organisations, as their invited person answers them. */
export const invitationKeys = {
  own: ['session', 'invitations'] as const,
  link: (token: string) => ['public', 'invitation', token] as const,
};

/** The signed-in person's open invitations (the prompt after sign-in). */
export function useOwnInvitations(enabled: boolean) {
  const session = useStoredSession();
  return useQuery({
    queryKey: invitationKeys.own,
    queryFn: async () =>
      (await api.request<{ invitations: Invitation[] }>('GET', '/v1/user/invitations')).invitations,
    enabled: enabled && session !== null,
    staleTime: 5 * 60_000,
  });
}

export function useAnswerOwnInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tenantId: string; accept: boolean }) =>
      api.request<InvitationAnswered>('POST', `/v1/user/invitations/${input.tenantId}`, {
        body: { accept: input.accept },
      }),
    // The user's tenant list (the switcher) changes with an accepted invitation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
}

/** The invitation behind the link of a join mail (`/invitation?token=`). */
export function useInvitationLink(token: string) {
  return useQuery({
    queryKey: invitationKeys.link(token),
    queryFn: () => api.request<Invitation>('POST', '/public/invitation', { isPublic: true, body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAnswerInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; accept: boolean }) =>
      api.request<InvitationAnswered>('POST', '/public/invitation/answer', { isPublic: true, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session'] }),
  });
}
