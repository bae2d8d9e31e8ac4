import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { checkOneTimeCode } from './one-time-codes.ts';

/** `POST /v2/auth/otp/validate`: confirms a signed-in user's action code (consumes it). */
export async function validateOtp(input: { otpId: string; otp: string }, actor: Actor, deps: Deps) {
  await checkOneTimeCode(input.otpId, input.otp, { purpose: 'action', userId: actor.userId }, deps);
  return { valid: true as const };
}
