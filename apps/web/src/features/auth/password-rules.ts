import type { PasswordPolicy } from '@signet/contracts';

export type PasswordProblem = 'minLength' | 'maxLength' | 'uppercase' | 'lowercase' | 'digit' | 'special';

/** The tenant's password rules a candidate breaks (the server checks the same rules). */
export function passwordProblems(policy: PasswordPolicy, password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < policy.minLength) problems.push('minLength');
  if (password.length > policy.maxLength) problems.push('maxLength');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) problems.push('uppercase');
  if (policy.requireLowercase && !/[a-z]/.test(password)) problems.push('lowercase');
  if (policy.requireDigit && !/\d/.test(password)) problems.push('digit');
  if (policy.requireSpecial && !/[^A-Za-z0-9]/.test(password)) problems.push('special');
  return problems;
}

/** True when the policy is known and the candidate breaks it; the form then says so before any call. */
export function breaksPolicy(policy: PasswordPolicy | undefined, password: string): boolean {
  return policy !== undefined && passwordProblems(policy, password).length > 0;
}
