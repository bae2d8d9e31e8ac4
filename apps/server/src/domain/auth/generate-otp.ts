import { Code } from '@signet/contracts';
import { findUserById } from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { maskEmail } from './mask-email.ts';
import { readSignInChallenge, sendOneTimeCode } from './one-time-codes.ts';

/**
 * `POST /v2/authentication/otp/generate`: a new code for a sign-in in progress (with the -200
 * answer's `otpToken`) or, for a signed-in user, a code to confirm an action.
 */
export async function generateOtp(
  input: { otpToken?: string | undefined; purpose: 'login' | 'action' },
  actor: Actor | null,
  deps: Deps,
  language: Language = DEFAULT_LANGUAGE,
) {
  if (input.otpToken) {
    const { user, tenantId } = await readSignInChallenge(input.otpToken, deps);
    const sent = await sendOneTimeCode(user, 'login', { tenantId }, deps, language);
    return { ...sent, maskedEmail: maskEmail(user.email) };
  }
  if (!actor) throw new AppError(Code.NOT_AUTHORIZED, 'Sign in, or send the otpToken of your sign-in');
  if (input.purpose === 'login') throw new AppError(Code.INVALID_INPUT, 'A sign-in code needs the otpToken');
  const user = await findUserById(deps.db.system, actor.userId);
  if (!user) throw new AppError(Code.USER_NOT_FOUND);
  const sent = await sendOneTimeCode(user, 'action', { tenantId: actor.tenantId }, deps, language);
  return { ...sent, maskedEmail: maskEmail(user.email) };
}
