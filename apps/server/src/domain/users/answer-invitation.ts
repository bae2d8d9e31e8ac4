import { Code, type Invitation, type InvitationAnswered, type TenantRole } from '@signet/contracts';
import { lapseExpiredInvitations } from '../../db/repositories/accounts.ts';
import {
  type PendingInvitationRow,
  pendingInvitationsOf,
  settleInvitation,
} from '../../db/repositories/invitations.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { openPasswordLink } from '../auth/set-password.ts';
import type { Deps } from '../deps.ts';
import { authorize } from '../policy.ts';

/**
 * The invited person's side of an invitation to a tenant (issue 17): nobody joins a tenant, and
 * no tenant sees their profile, until they accept — by the link in the mail, or at the prompt
 * the web app shows after sign-in. People without a password accept by setting one instead
 * (`/public/users/password`).
 */

function present(row: PendingInvitationRow): Invitation {
  const inviter = `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim();
  return {
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    inviterName: inviter || row.inviterEmail || 'Signet',
    role: row.role as TenantRole,
    email: row.email,
    invitedOn: row.invitedOn.toISOString(),
  };
}

async function settle(
  userId: string,
  tenantId: string,
  accept: boolean,
  deps: Deps,
): Promise<InvitationAnswered> {
  const now = deps.clock.now();
  const settled = await deps.db.systemTx((tx) => settleInvitation(tx, userId, tenantId, accept, now));
  if (!settled) throw new AppError(Code.INVITE_NOT_PENDING, 'This invitation was already answered');
  await deps.db.withTenant(tenantId, (tx) =>
    appendActivity(
      tx,
      {
        tenantId,
        actorUserId: userId,
        action: accept ? 'user.invitationAccepted' : 'user.invitationDeclined',
      },
      now,
    ),
  );
  return { tenantId, accepted: accept };
}

/** A join link's invitation: -45 when the link is unknown, used or expired, -173 when cancelled. */
async function openJoinLink(token: string, deps: Deps): Promise<{ userId: string; invitation: Invitation }> {
  const link = await openPasswordLink(token, deps);
  const tenantId = link.row.kind === 'invite' ? link.row.tenantId : null;
  const row = tenantId
    ? (await pendingInvitationsOf(deps.db.system, link.user.id)).find((r) => r.tenantId === tenantId)
    : undefined;
  if (!row) throw new AppError(Code.INVALID_TOKEN, 'This link is not an open invitation');
  return { userId: link.user.id, invitation: present(row) };
}

/** `POST /public/invitation`: what the link in a join mail invites its holder to. */
export async function readInvitationLink(token: string, deps: Deps): Promise<Invitation> {
  return (await openJoinLink(token, deps)).invitation;
}

/** `POST /public/invitation/answer`: accepts or declines with the link of the mail. */
export async function answerInvitationLink(
  token: string,
  accept: boolean,
  deps: Deps,
): Promise<InvitationAnswered> {
  const { userId, invitation } = await openJoinLink(token, deps);
  return settle(userId, invitation.tenantId, accept, deps);
}

/** `GET /v1/user/invitations`: the signed-in person's open invitations (the sign-in prompt). */
export async function listOwnInvitations(actor: Actor, deps: Deps): Promise<{ invitations: Invitation[] }> {
  authorize(actor, 'account.invitations');
  let rows = await pendingInvitationsOf(deps.db.system, actor.userId);
  // As at sign-in: an invitation whose every link ran out is no longer open. The shell asks on
  // every load, so the write happens only when there is something that could have lapsed.
  if (
    rows.length > 0 &&
    (await lapseExpiredInvitations(deps.db.system, actor.userId, deps.clock.now())).length > 0
  )
    rows = await pendingInvitationsOf(deps.db.system, actor.userId);
  return { invitations: rows.map(present) };
}

/** `POST /v1/user/invitations/{tenantId}`: the signed-in person accepts or declines. */
export async function answerOwnInvitation(
  actor: Actor,
  tenantId: string,
  accept: boolean,
  deps: Deps,
): Promise<InvitationAnswered> {
  const { invitations } = await listOwnInvitations(actor, deps);
  if (!invitations.some((i) => i.tenantId === tenantId))
    throw new AppError(Code.INVITE_NOT_PENDING, 'There is no open invitation from this organisation');
  return settle(actor.userId, tenantId, accept, deps);
}
