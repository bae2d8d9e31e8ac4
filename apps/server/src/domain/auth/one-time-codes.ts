import { randomInt } from 'node:crypto';
import { Code, type TwoFactorChallenge } from '@signet/contracts';
import {
  consumeOneTimeCode,
  countOneTimeCodeAttempt,
  findOneTimeCode,
  findUserById,
  insertOneTimeCode,
  latestOneTimeCode,
  type UserRow,
} from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { oneTimeCodeEmail } from '../notifications/account-emails.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { maskEmail } from './mask-email.ts';
import { sameDigest, tokenDigest } from './tokens.ts';

/** One-time codes: 6 digits, 5 minutes, a new one at most every 30 s, 5 tries each. */
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;
const CHALLENGE_TTL_SECONDS = 900;
const SIGN_IN_CHALLENGE = 'otp';

function codeDigest(otpId: string, code: string): string {
  // Bound to its id, so equal codes of two requests do not share a digest.
  return tokenDigest(`${otpId}:${code}`);
}

/**
 * Creates a code, queues its email and returns its id. -198 when the last one is too recent.
 * The mail is in the language of the request that asked for it: its reader is at that screen.
 */
export async function sendOneTimeCode(
  user: UserRow,
  purpose: 'login' | 'action',
  context: Record<string, unknown>,
  deps: Deps,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ otpId: string; expiresIn: number; resendAfter: number }> {
  const now = deps.clock.now();
  const last = await latestOneTimeCode(deps.db.system, user.id, purpose);
  if (last && !last.consumedAt && addSeconds(last.createdAt, OTP_RESEND_SECONDS) > now) {
    throw new AppError(
      Code.OTP_RETRY_TIMEOUT,
      `Wait ${OTP_RESEND_SECONDS} seconds before asking for a new code`,
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpId = await deps.db.systemTx(async (tx) => {
    const id = crypto.randomUUID();
    await insertOneTimeCode(tx, {
      id,
      userId: user.id,
      purpose,
      codeHash: codeDigest(id, code),
      context,
      createdAt: now,
      expiresAt: addSeconds(now, OTP_TTL_SECONDS),
    });
    await deps.mailer.queue(
      tx,
      oneTimeCodeEmail({ to: user.email, code, minutes: OTP_TTL_SECONDS / 60, language }),
    );
    return id;
  });
  deps.mailer.kick();
  return { otpId, expiresIn: OTP_TTL_SECONDS, resendAfter: OTP_RESEND_SECONDS };
}

/** The -200 answer's data: a code is on its way, and a token to ask for another. */
export async function startSignInChallenge(
  user: UserRow,
  tenantId: string | null,
  deps: Deps,
  language: Language = DEFAULT_LANGUAGE,
): Promise<TwoFactorChallenge> {
  const sent = await sendOneTimeCode(user, 'login', { tenantId }, deps, language);
  const otpToken = await deps.tokens.signChallenge(
    SIGN_IN_CHALLENGE,
    user.id,
    { tenantId },
    CHALLENGE_TTL_SECONDS,
  );
  return { otpToken, otpId: sent.otpId, maskedEmail: maskEmail(user.email), expiresIn: sent.expiresIn };
}

/** Resolves a challenge token back to its user and tenant. */
export async function readSignInChallenge(otpToken: string, deps: Deps) {
  const { subject, data } = await deps.tokens.verifyChallenge(SIGN_IN_CHALLENGE, otpToken);
  const user = await findUserById(deps.db.system, subject);
  if (!user) throw new AppError(Code.INVALID_TOKEN);
  return { user, tenantId: typeof data.tenantId === 'string' ? data.tenantId : null };
}

/**
 * Checks a code and consumes it. -196 unknown id (or another user's), -217 after too many
 * tries, -138 wrong or expired code.
 */
export async function checkOneTimeCode(
  otpId: string,
  code: string,
  expected: { purpose: 'login' | 'action'; userId?: string },
  deps: Deps,
) {
  const now = deps.clock.now();
  const row = await findOneTimeCode(deps.db.system, otpId);
  if (!row || row.purpose !== expected.purpose || (expected.userId && row.userId !== expected.userId)) {
    throw new AppError(Code.INVALID_OTP_ID);
  }
  if (row.consumedAt) throw new AppError(Code.INVALID_OTP_ID, 'This code was already used');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError(Code.MAX_OTP_ATTEMPTS);
  const attempts = await countOneTimeCodeAttempt(deps.db.system, otpId);
  if (row.expiresAt <= now) throw new AppError(Code.WRONG_OTP, 'The code has expired; ask for a new one');
  if (!sameDigest(codeDigest(otpId, code), row.codeHash)) {
    if (attempts >= OTP_MAX_ATTEMPTS) throw new AppError(Code.MAX_OTP_ATTEMPTS);
    throw new AppError(Code.WRONG_OTP);
  }
  if (!(await consumeOneTimeCode(deps.db.system, otpId, now))) throw new AppError(Code.INVALID_OTP_ID);
  return row;
}
