import { PasswordPolicySchema } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-rules.ts';

const policy = PasswordPolicySchema.parse({});

describe('passwordProblems', () => {
  it('accepts a password that meets the default policy', () => {
    expect(passwordProblems(policy, 'Signet-demo-1')).toEqual([]);
  });
  it('names every rule broken', () => {
    expect(passwordProblems(policy, 'abc')).toEqual(['minLength', 'uppercase', 'digit']);
    expect(passwordProblems({ ...policy, requireSpecial: true }, 'Abcdefg1')).toEqual(['special']);
  });
});
