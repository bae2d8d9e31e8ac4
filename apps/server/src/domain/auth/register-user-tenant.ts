import { Code, type Registration } from '@signet/contracts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { checkNewPassword } from './new-password.ts';
import { completePasswordLink, openPasswordLink } from './set-password.ts';

/**
 * `POST /public/users/registerusertenant`: an invited (external) user registers with the
 * invitation's code, giving their name and a password (spec §4 set-password flow).
 */
export async function registerUserTenant(
  input: Registration,
  deps: Deps,
): Promise<{ code: number; userId: string }> {
  if (!input.inviteCode) throw new AppError(Code.INVALID_INPUT, 'Registration needs the invitation code');
  const link = await openPasswordLink(input.inviteCode, deps);
  if (link.row.kind !== 'invite') throw new AppError(Code.INVALID_TOKEN, 'This is not an invitation code');
  if (link.user.email !== input.userEmail.toLowerCase()) {
    throw new AppError(Code.INVALID_INPUT, 'The email does not match the invitation');
  }
  if (input.tenantUuid && link.invited && input.tenantUuid !== link.invited.tenantId) {
    throw new AppError(Code.INVALID_INPUT, 'The invitation is for another organisation');
  }
  checkNewPassword(input.newPassword, input.confirmPassword, link.policy);
  await completePasswordLink(
    link,
    input.newPassword,
    {
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      ...(input.jobTitle ? { title: input.jobTitle } : {}),
    },
    deps,
  );
  return { code: Code.SUCCESS, userId: link.user.id };
}
