import { z } from 'zod';
import { SIGNING_PASSCODE_PATTERN } from './constants.ts';

/**
 * The signing passcode behind a person's `passcodeFlag` (spec §3 User; §6 "the rubber stamp needs
 * a feature flag and the signer's passcodeFlag"): 6 to 12 digits, set in the profile, asked for
 * whenever a rubber stamp is applied (its rules: constants.ts).
 */
export const SigningPasscodeSchema = z.string().regex(SIGNING_PASSCODE_PATTERN, '6 to 12 digits');

/**
 * `PUT /v2/user/passcode`. Changing a passcode needs `current`: the current passcode, or the
 * account password instead (for who forgot the passcode). The first passcode needs the session only.
 */
export const SetSigningPasscodeSchema = z.object({
  passcode: SigningPasscodeSchema,
  confirmPasscode: z.string().max(64),
  current: z.string().max(256).optional(),
});
export type SetSigningPasscode = z.infer<typeof SetSigningPasscodeSchema>;

export const SigningPasscodeStateSchema = z.object({ passcodeFlag: z.boolean() });
export type SigningPasscodeState = z.infer<typeof SigningPasscodeStateSchema>;
