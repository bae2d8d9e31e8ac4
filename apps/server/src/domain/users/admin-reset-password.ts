import { randomInt } from 'node:crypto';
import { Code } from '@signet/contracts';
import { revokeUserSessions, setPassword } from '../../db/repositories/accounts.ts';
import { appendActivity } from '../../db/repositories/activity.ts';
import { findMember } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { languageOfLocale } from '../auth/language.ts';
import type { Deps } from '../deps.ts';
import { temporaryPasswordEmail } from '../notifications/account-emails.ts';
import { authorizeInTenant } from '../policy.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!#$%*+-=?@';

/** A random password that meets any policy up to 24 characters long. */
export function temporaryPassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < Math.max(length, 12)) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * `POST /v1/users/{userId}/password/reset` by an admin: the user gets a temporary password by
 * mail and the status `resetpassword`, so their next sign-in answers -73 and leads to
 * /changepassword (spec §4). Their sessions end and a lock is lifted.
 */
export async function adminResetPassword(actor: Actor, userId: string, deps: Deps): Promise<{ ok: true }> {
  authorizeInTenant(actor, 'users.resetPassword');
  const now = deps.clock.now();
  const tenantId = actor.tenantId;
  const member = await deps.db.withTenant(tenantId, async (tx) => {
    const row = await findMember(tx, userId);
    if (!row) throw new AppError(Code.USER_NOT_FOUND);
    if (!row.user.passwordHash)
      throw new AppError(Code.USER_NOT_REGISTERED, 'The user has not set a password yet');
    const tenant = await findTenant(tx, tenantId);
    return { ...row, policyLength: readTenantSettings(tenant?.settings).passwordPolicy.minLength };
  });
  const password = temporaryPassword(Math.min(24, Math.max(16, member.policyLength)));
  const digest = await deps.passwords.hash(password);
  await deps.db.systemTx(async (tx) => {
    await setPassword(tx, userId, digest, 'resetpassword', now);
    await revokeUserSessions(tx, userId, 'password reset by admin', now);
    await deps.mailer.queue(tx, {
      ...temporaryPasswordEmail({
        to: member.user.email,
        password,
        link: `${deps.settings.appUrl}/login`,
        // Written to someone who chose their language in their profile, not to the admin.
        language: languageOfLocale(member.user.locale),
      }),
      tenantId,
    });
  });
  await deps.db.withTenant(tenantId, (tx) =>
    appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'user.passwordReset',
        details: { userId },
        ip: actor.ip,
      },
      now,
    ),
  );
  deps.mailer.kick();
  return { ok: true };
}
