import { Code } from '@signet/contracts';
import { findMember } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { sendResetLink } from '../auth/forgot-password.ts';
import { languageOfLocale } from '../auth/language.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/** Memberships of someone who accepted (an admin disabling them later does not undo that). */
const ACCEPTED = ['enabled', 'disabled'];

/**
 * `POST /v1/users/{userId}/password/reset` by an admin: the member gets the same set-password
 * link as a forgotten password (one hour, once, -227 after five a day from this tenant). A
 * password belongs to the person, not to the tenant: nothing changes until they use the link —
 * their password still works and no session of theirs ends, in this tenant or any other. Using
 * the link is a password change, which ends their other sessions then.
 *
 * Only a member who accepted may be reset (issue 30): an invitation alone gives a tenant no say
 * over the person's password. Everyone who has not accepted gets the same -75, whatever their
 * account's state, so the answer does not tell the admin whether the address has an account.
 * The tenant's resets have a daily limit of their own, apart from the person's own requests.
 */
export async function adminResetPassword(actor: Actor, userId: string, deps: Deps): Promise<{ ok: true }> {
  authorizeInTenant(actor, 'users.resetPassword');
  const tenantId = actor.tenantId;
  const member = await deps.db.withTenant(tenantId, async (tx) => {
    const row = await findMember(tx, userId);
    if (!row) throw new AppError(Code.USER_NOT_FOUND);
    if (!ACCEPTED.includes(row.membership.status))
      throw new AppError(Code.USER_NOT_REGISTERED, 'This member has not accepted the invitation yet');
    if (!row.user.passwordHash)
      throw new AppError(Code.USER_NOT_REGISTERED, 'The user has not set a password yet');
    return row;
  });
  // Written to someone who chose their language in their profile, not to the admin.
  await sendResetLink(member.user, tenantId, deps, languageOfLocale(member.user.locale));
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
      deps.clock.now(),
    ),
  );
  return { ok: true };
}
