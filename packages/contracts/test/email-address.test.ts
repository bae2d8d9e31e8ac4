import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../src/constants.ts';
import { EmailSchema } from '../src/schemas/users.ts';

describe('an email address typed into a form', () => {
  const samples = [
    'signer@demo.test',
    '  Signer.One+tag@Example.CO.in ',
    'no-at-sign.example.com',
    'two@@example.com',
    'dot@example',
    'space in@example.com',
    '',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.in`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`,
    'nul\0@example.com',
  ];

  it('is accepted by the form check exactly when the API schema accepts it', () => {
    for (const sample of samples) {
      expect(isEmailAddress(sample), JSON.stringify(sample)).toBe(EmailSchema.safeParse(sample).success);
    }
  });

  it('refuses an address one character over the length limit', () => {
    expect(isEmailAddress(`${'a'.repeat(243)}@example.in`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(244)}@example.in`)).toBe(false);
  });
});
