import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { Code } from '@signet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.ts';

/**
 * The logical operation of each rate-limited route path (without its API prefix). Counts are kept
 * per operation, so the aliases of one operation (`/public/token`, `/public/access_token`,
 * `/v1/authenticate`, under every prefix) share one count.
 */
const ACTION_OF_PATH: Record<string, string> = {
  '/public/token': 'token',
  '/public/access_token': 'token',
  '/v1/authenticate': 'token',
  '/v2/authentication/otp/generate': 'otp-generate',
  '/v2/authentication/otp/verify': 'otp-verify',
  '/v2/auth/otp/validate': 'otp-validate',
  '/public/users/forgotPassword': 'forgot-password',
  '/public/users/password': 'set-password',
  '/public/users/registerusertenant': 'set-password',
  '/v1/users/password': 'change-password',
  '/v1/user/signup': 'sign-up',
  '/public/usertype': 'user-type',
  '/v2/epaks/:ePakId/unlock': 'epak-unlock',
  '/v2/epaks/:ePakId/exchange': 'link-exchange',
  '/v1/users/:userId/certificate/:certificateId/pin': 'certificate-pin',
  '/public/invitation': 'invitation-link',
  '/public/invitation/answer': 'invitation-link',
  '/public/webform/:tenantId/:mappingId': 'webform-post',
  '/public/sso/start': 'sso-start',
  '/public/sso/callback': 'sso-callback',
  // A password guess for the account the token stands for: counted on the token as well.
  '/public/sso/link': 'sso-link',
  // Anyone may verify: each try costs a sandbox parse, so an address gets the same share as sign-in.
  '/public/verify': 'verify-pdf',
  '/public/verify/report': 'verify-pdf',
  '/public/verifyQrData': 'verify-qr',
};

/**
 * An account may be tried this many times as often as one address may try: enough that one
 * address alone cannot shut an account's owner out, few enough to bound a spread-out attack.
 */
export const ACCOUNT_LIMIT_FACTOR = 4;

// Where a request names the account (or the secret standing for one) it is about.
const ACCOUNT_FIELDS = [
  'username',
  'email',
  'userEmail',
  'token',
  'inviteCode',
  'refresh_token',
  'code',
  'otpId',
  'otpToken',
  'linkToken',
];

/** Checks one request of a rate-limited route: refuses it (429, Retry-After) once either count is over. */
export type AuthRateLimit = (
  request: FastifyRequest,
  reply: FastifyReply,
  routePath: string,
  userId: string | null,
) => Promise<void>;

/** Whether a rate-limited route has its action in the table above (a test holds every route to it). */
export function hasAuthAction(routePath: string): boolean {
  return routePath in ACTION_OF_PATH;
}

/** The action a rate-limited route counts under; one missing from the table counts under its own path. */
export function authActionOf(routePath: string): string {
  return ACTION_OF_PATH[routePath] ?? routePath;
}

function accountOf(request: FastifyRequest, userId: string | null): string | null {
  if (userId) return `user:${userId}`;
  const sources = [request.body, request.query, request.params].filter(
    (s): s is Record<string, unknown> => typeof s === 'object' && s !== null,
  );
  for (const field of ACCOUNT_FIELDS) {
    for (const source of sources) {
      const value = source[field];
      if (typeof value === 'string' && value.trim()) return `${field}:${value.trim().toLowerCase()}`;
    }
  }
  const path = request.params as Record<string, unknown> | undefined;
  const named = path && Object.values(path).find((v) => typeof v === 'string');
  return typeof named === 'string' ? `path:${named}` : null;
}

// Keys never carry an email or a token as such (Redis is shared infrastructure).
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Counts per (action, address) and per (action, account) in the store @fastify/rate-limit was
 * registered with: in memory per process, or Redis shared by every process.
 */
export function createAuthRateLimit(app: FastifyInstance, perMinute: number): AuthRateLimit {
  const keys = new WeakMap<FastifyRequest, { address: string; account: string | null }>();
  const byAddress = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => keys.get(request)?.address ?? '',
  });
  const byAccount = app.createRateLimit({
    max: perMinute * ACCOUNT_LIMIT_FACTOR,
    timeWindow: 60_000,
    keyGenerator: (request) => keys.get(request)?.account ?? '',
  });
  return async (request, reply, routePath, userId) => {
    const action = authActionOf(routePath);
    const account = accountOf(request, userId);
    keys.set(request, {
      address: `${action}|ip|${normalizeIP(request.ip)}`,
      account: account ? `${action}|acct|${digest(account)}` : null,
    });
    const checks = [byAddress(request), ...(account ? [byAccount(request)] : [])];
    const over = (await Promise.all(checks)).find((c) => !c.isAllowed && c.isExceeded);
    if (over && !over.isAllowed) {
      reply.header('retry-after', over.ttlInSeconds);
      throw new AppError(Code.GENERIC_ERROR, 'Too many requests; try again later', { httpStatus: 429 });
    }
  };
}
