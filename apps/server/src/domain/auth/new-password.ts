import { Code, type PasswordPolicy } from '@signet/contracts';
import { AppError } from '../app-error.ts';
import { passwordProblems } from './passwords.ts';

/** Checks a new password pair against the policy: -6 when they differ, -16 with the rules broken. */
export function checkNewPassword(newPassword: string, confirmPassword: string, policy: PasswordPolicy): void {
  if (newPassword !== confirmPassword) throw new AppError(Code.INVALID_INPUT, 'The passwords do not match');
  const problems = passwordProblems(newPassword, policy);
  if (problems.length > 0) {
    throw new AppError(Code.INVALID_PASSWORD, `The password needs ${problems.join(', ')}`, {
      data: { problems },
    });
  }
}
