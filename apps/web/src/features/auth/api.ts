import type {
  ChangePassword,
  PasswordPolicy,
  Registration,
  SetPassword,
  Signup,
  TokenResponse,
  TwoFactorChallenge,
} from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, clearPending, sessionStore } from '../../app/session/client.ts';
import { StorageKey } from '../../app/session/session-store.ts';

/** Starts a session from tokens: stored, cached answers dropped, the username remembered. */
export function startSession(tokens: TokenResponse, queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
  sessionStore.start(tokens);
  localStorage.setItem(StorageKey.username, tokens.user.email);
  clearPending();
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { username: string; password: string }) => {
      // Remembered first: the change-password page needs it after a -73 answer.
      localStorage.setItem(StorageKey.username, input.username.trim());
      return api.request<TokenResponse>('POST', '/v1/authenticate', {
        isPublic: true,
        form: { username: input.username.trim(), password: input.password },
      });
    },
    onSuccess: (tokens) => startSession(tokens, queryClient),
  });
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { otpId: string; otp: string }) =>
      api.request<TokenResponse>('POST', '/v2/authentication/otp/verify', { isPublic: true, body: input }),
    onSuccess: (tokens) => startSession(tokens, queryClient),
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (otpToken: string) =>
      api.request<Omit<TwoFactorChallenge, 'otpToken'> & { resendAfter: number }>(
        'POST',
        '/v2/authentication/otp/generate',
        { isPublic: true, body: { otpToken, purpose: 'login' } },
      ),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api.request('POST', '/public/users/forgotPassword', { isPublic: true, body: { email } }),
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (input: SetPassword) =>
      api.request('POST', '/public/users/password', { isPublic: true, body: input }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: Registration) =>
      api.request<{ code: number; userId: string }>('POST', '/public/users/registerusertenant', {
        isPublic: true,
        body: input,
      }),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (input: Signup) => api.request('POST', '/v1/user/signup', { isPublic: true, body: input }),
  });
}

/** Signed in, or (after a -73 sign-in answer) with the username and the current password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      api.request('POST', '/v1/users/password', {
        isPublic: sessionStore.accessToken() === null,
        body: input,
      }),
  });
}

export function usePasswordPolicy(tenantId?: string | null) {
  return useQuery({
    queryKey: ['public', 'passwordpolicy', tenantId ?? null],
    queryFn: () =>
      api.request<PasswordPolicy>('GET', '/public/passwordpolicy', {
        isPublic: true,
        query: tenantId ? { tenantId } : {},
      }),
    staleTime: 5 * 60_000,
  });
}

export function useUserType(email: string | null) {
  return useQuery({
    queryKey: ['public', 'usertype', email],
    queryFn: () =>
      api.request<{ exists: boolean; type: 'internal' | 'external' | null }>('GET', '/public/usertype', {
        isPublic: true,
        query: { email: email ?? '' },
      }),
    enabled: !!email,
  });
}
