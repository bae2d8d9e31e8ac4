import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { passwordTokens } from '../../db/schema/index.ts';
import type { Language } from '../auth/language.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { invitationEmail, joinInvitationEmail } from '../notifications/account-emails.ts';

export const INVITE_TTL_SECONDS = 7 * 86_400;

export interface Invitee {
  id: string;
  email: string;
  /** Someone with a password answers the invitation; someone without sets one, which accepts it. */
  hasPassword: boolean;
  language: Language;
}

/**
 * Writes a fresh invitation link for a tenant (the invitee's older links from that tenant stop working; another tenant's stay) and mails
 * it. A person without a password gets the set-password link; a person with an account gets a
 * link to accept or decline (`/invitation`), so no tenant adds an existing account by itself.
 * Both mails are the same length of story for the inviter: nothing in the answer differs.
 */
export async function sendTenantInvitation(
  tx: Executor,
  invitation: { tenantId: string; tenantName: string; inviterName: string },
  invitee: Invitee,
  deps: Deps,
): Promise<void> {
  const now = deps.clock.now();
  const token = randomToken();
  await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.userId, invitee.id),
        eq(passwordTokens.tenantId, invitation.tenantId),
        eq(passwordTokens.kind, 'invite'),
        isNull(passwordTokens.usedAt),
      ),
    );
  await tx.insert(passwordTokens).values({
    tokenHash: tokenDigest(token),
    userId: invitee.id,
    kind: 'invite',
    tenantId: invitation.tenantId,
    createdAt: now,
    expiresAt: addSeconds(now, INVITE_TTL_SECONDS),
  });
  const common = {
    to: invitee.email,
    tenantName: invitation.tenantName,
    inviterName: invitation.inviterName,
    tenantId: invitation.tenantId,
    language: invitee.language,
  };
  const mail = invitee.hasPassword
    ? joinInvitationEmail({ ...common, link: `${deps.settings.appUrl}/invitation?token=${token}` })
    : invitationEmail({
        ...common,
        link: `${deps.settings.appUrl}/resetpassword?token=${token}&invite=1&email=${encodeURIComponent(invitee.email)}`,
      });
  await deps.mailer.queue(tx, mail);
}
