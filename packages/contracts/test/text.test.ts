import { describe, expect, it } from 'vitest';
import { ForgotPasswordSchema, isSafeText, TokenRequestSchema } from '../src/index.ts';

describe('safe text', () => {
  it('accepts ordinary text, emoji (paired surrogates) and other scripts', () => {
    expect(isSafeText('Zoë 😀 हिन्दी')).toBe(true);
  });

  it('refuses U+0000 and a lone high or low surrogate', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800')).toBe(false);
    expect(isSafeText('\udc00b')).toBe(false);
  });

  it('is enforced by the payload schemas, including the ones parsed without sign-in', () => {
    expect(ForgotPasswordSchema.safeParse({ email: 'a@b.test\u0000' }).success).toBe(false);
    const grant = { grant_type: 'password', client_id: 'c', client_secret: 's', username: 'u@b.test' };
    expect(TokenRequestSchema.safeParse({ ...grant, password: 'pw' }).success).toBe(true);
    expect(TokenRequestSchema.safeParse({ ...grant, password: 'p\ud800w' }).success).toBe(false);
  });
});
