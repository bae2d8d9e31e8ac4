import { describe, expect, it } from 'vitest';
import { userIdOf } from './token-claims.ts';

const jwt = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('token claims', () => {
  it('reads the user id of an access token', () => {
    expect(userIdOf(jwt({ sub: '0b6f3c3e-5d7a-4d21-9e59-8f1f3a1c2b77', sid: 's' }))).toBe(
      '0b6f3c3e-5d7a-4d21-9e59-8f1f3a1c2b77',
    );
  });

  it('answers null for no token or a malformed one', () => {
    expect(userIdOf(null)).toBeNull();
    expect(userIdOf('not-a-jwt')).toBeNull();
    expect(userIdOf('a.%%%.c')).toBeNull();
  });
});
