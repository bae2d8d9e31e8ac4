import type { SigningPasscodeState } from '@signet/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

/** `DELETE /v2/users/{userId}/passcode`: an admin clears a member's signing passcode (and passcodeFlag). */
export function useClearSigningPasscode() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.request<SigningPasscodeState>('DELETE', `/v2/users/${encodeURIComponent(userId)}/passcode`),
  });
}
