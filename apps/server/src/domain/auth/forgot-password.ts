import { Code } from '@signet/contracts';
import {
  countResetTokensSince,
  expireResetTokensOf,
  findUserByEmail,
  insertPasswordToken,
  type ResetAsker,
} from '../../db/repositories/accounts.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { passwordResetEmail } from '../notifications/account-emails.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { randomToken, tokenDigest } from './tokens.ts';

export const RESET_LINK_TTL_SECONDS = 3600;
/** Reset mails per user per day and per asker (the person, or each tenant's admins); the next one answers -227. */
export const MAX_RESETS_PER_DAY = 5;

/**
 * Queues a reset link and returns it (the caller decides whether anyone may see it). `asker` is
 * null when the person asks, or the tenant whose admin does. Each asker has its own daily limit
 * and replaces only its own earlier link: an admin of any tenant cannot use up, or cancel, the
 * person's own recovery (issue 30).
 */
export async function sendResetLink(
  user: { id: string; email: string },
  asker: ResetAsker,
  deps: Deps,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const now = deps.clock.now();
  const since = addSeconds(now, -86_400);
  if ((await countResetTokensSince(deps.db.system, user.id, asker, since)) >= MAX_RESETS_PER_DAY) {
    throw new AppError(Code.MAX_PASSWORD_RESETS);
  }
  const token = randomToken();
  const link = `${deps.settings.appUrl}/resetpassword?token=${token}`;
  await deps.db.systemTx(async (tx) => {
    await expireResetTokensOf(tx, user.id, asker, now);
    await insertPasswordToken(tx, {
      tokenHash: tokenDigest(token),
      userId: user.id,
      kind: 'reset',
      tenantId: asker,
      createdAt: now,
      expiresAt: addSeconds(now, RESET_LINK_TTL_SECONDS),
    });
    await deps.mailer.queue(
      tx,
      passwordResetEmail({ to: user.email, link, byAdmin: asker !== null, language }),
    );
  });
  deps.mailer.kick();
  return link;
}

/**
 * `POST /public/users/forgotPassword`. Answers the same whether or not the email has an
 * account, so it cannot be used to find out who does; only -227 (too many resets) differs.
 * The mail is in the language of the request: the person asking is the one who reads it.
 */
export async function forgotPassword(
  input: { email: string; language?: Language },
  deps: Deps,
): Promise<{ ok: true }> {
  const user = await findUserByEmail(deps.db.system, input.email);
  if (user) await sendResetLink(user, null, deps, input.language);
  return { ok: true };
}
