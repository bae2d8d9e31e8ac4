import { createHash, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { Code } from '@signet/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../app-error.ts';
import type { Clock } from '../clock.ts';

/** Claims of an access token. Role and tenant status are looked up per request, not trusted from here. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The tenant chosen at sign-in; a `tenant_id` header may select another membership. */
  tenantId: string | null;
  ip: string | null;
  expiresAt: Date;
}

export interface TokenSigner {
  /** A short-lived token that proves one step of a flow (for example: the password was right). */
  signChallenge(
    purpose: string,
    subject: string,
    data: Record<string, string | null>,
    ttlSeconds: number,
  ): Promise<string>;
  /** The subject and data of a challenge token; -45 when invalid or expired. */
  verifyChallenge(
    purpose: string,
    token: string,
  ): Promise<{ subject: string; data: Record<string, unknown> }>;
  sign(
    claims: Omit<AccessClaims, 'expiresAt'>,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }>;
  /** Verifies signature and expiry: -27 when expired, -37 when not a JWT, -5 otherwise. */
  verify(token: string): Promise<AccessClaims>;
}

const ISSUER = 'signet';
const AUDIENCE = 'signet-api';

export function createTokenSigner(secret: string, clock: Clock): TokenSigner {
  // Imported once, on first use: given the bytes, jose imports the key again on every call.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (imported ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    async signChallenge(purpose, subject, data, ttlSeconds) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ data })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(`signet-${purpose}`)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await key());
    },
    async verifyChallenge(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, await key(), {
          issuer: ISSUER,
          audience: `signet-${purpose}`,
          currentDate: clock.now(),
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string') throw new AppError(Code.INVALID_TOKEN);
        return { subject: payload.sub, data: (payload.data ?? {}) as Record<string, unknown> };
      } catch {
        throw new AppError(Code.INVALID_TOKEN, 'The token is not valid or has expired');
      }
    },
    async sign(claims, ttlSeconds) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + ttlSeconds;
      const token = await new SignJWT({ sid: claims.sessionId, tid: claims.tenantId, ip: claims.ip })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(await key());
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      if (token.split('.').length !== 3) throw new AppError(Code.INVALID_JWT);
      try {
        const { payload } = await jwtVerify(token, await key(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          algorithms: ['HS256'],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          throw new AppError(Code.INVALID_ACCESS_TOKEN);
        }
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          tenantId: typeof payload.tid === 'string' ? payload.tid : null,
          ip: typeof payload.ip === 'string' ? payload.ip : null,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError(Code.TOKEN_EXPIRED);
        if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
          throw new AppError(Code.INVALID_JWT);
        throw new AppError(Code.INVALID_ACCESS_TOKEN);
      }
    },
  };
}

/** A random opaque secret for links and refresh tokens (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored only as this digest, so a database leak does not hand out sessions. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
