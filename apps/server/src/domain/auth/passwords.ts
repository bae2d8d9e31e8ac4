import { hash, verify } from '@node-rs/argon2';
import type { PasswordPolicy } from '@signet/contracts';

/** Password hashing as a dependency: argon2id in production, the same in tests (it is fast enough). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** Algorithm.Argon2id of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;

export const argon2idHasher: PasswordHasher = {
  hash: (password) => hash(password, { algorithm: ARGON2ID }),
  verify: async (digest, password) => {
    try {
      return await verify(digest, password);
    } catch {
      return false;
    }
  },
};

// A real argon2id digest of a password nobody has, made once per hasher.
const decoys = new WeakMap<PasswordHasher, Promise<string>>();

/**
 * Checks a password against a decoy digest, so an unknown account costs the same hashing time as
 * a wrong password and the answer's timing does not tell them apart.
 */
export async function verifyWithoutAccount(hasher: PasswordHasher, password: string): Promise<false> {
  let decoy = decoys.get(hasher);
  if (!decoy) {
    decoy = hasher.hash(crypto.randomUUID());
    decoys.set(hasher, decoy);
  }
  await hasher.verify(await decoy, password);
  return false;
}

/** What is wrong with a new password under a tenant's policy; empty when it passes. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`at least ${policy.minLength} characters`);
  if (password.length > policy.maxLength) problems.push(`at most ${policy.maxLength} characters`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('an uppercase letter');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push('a lowercase letter');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) problems.push('a digit');
  if (policy.requireSpecial && !/[^\p{L}\p{Nd}]/u.test(password)) problems.push('a special character');
  return problems;
}
