import { Code, type InviteUser, isInternalAddress, type UserRef, type UserType } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findUserByEmail, insertUser } from '../../db/repositories/accounts.ts';
import {
  countByRole,
  findMember,
  findMemberByEmail,
  insertMembership,
  lockRoleCounts,
  updateMembership,
} from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { accountMailLanguage } from '../auth/language.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { displayName } from './present-user.ts';
import { type Invitee, sendTenantInvitation } from './tenant-invitation.ts';

export { INVITE_TTL_SECONDS } from './tenant-invitation.ts';

/** Statuses from which inviting the same person again sends a fresh invitation. */
const REINVITABLE = new Set([
  'admininvited',
  'admininviteexpired',
  'delegationinviteexpired',
  'cancelInvitation',
]);

/**
 * Refuses a role change that would pass the tenant's custodian limit (code 100): the count the
 * change ends at (today's custodians + `adding` − `leaving`) is what the limit bounds. Nothing is
 * refused when no one becomes a custodian, so a tenant above a lowered limit can still shrink.
 */
export async function checkCustodianLimit(
  tx: Executor,
  tenantId: string,
  adding: number,
  leaving = 0,
): Promise<void> {
  if (adding <= 0) return;
  await lockRoleCounts(tx, tenantId);
  const tenant = await findTenant(tx, tenantId);
  const limit = readTenantSettings(tenant?.settings).custodianLimit;
  if (limit !== null && (await countByRole(tx, 'custodian')) + adding - leaving > limit) {
    throw new AppError(
      Code.CUSTODIAN_LIMIT_EXCEEDED,
      `This organisation may have at most ${limit} custodians`,
    );
  }
}

/** Only the tenant owner (`root`) may hand out or take away `root`. */
export function checkRootGrant(actor: Actor, fromRole: string | null, toRole: string): void {
  if ((toRole === 'root' || fromRole === 'root') && actor.role !== 'root') {
    throw new AppError(Code.NOT_AUTHORIZED, 'Only the organisation owner can change the owner role');
  }
}

function userTypeFor(
  email: string,
  internalDomains: readonly string[],
  requested: UserType | undefined,
): UserType {
  if (requested) return requested;
  return isInternalAddress(email, internalDomains) ? 'internal' : 'external';
}

/**
 * `POST /v1/users/invite`. Everyone invited gets a pending membership (`admininvited`) that they
 * accept: a new person by setting their password from the link, someone with an account by
 * answering the link or the prompt at their next sign-in. Until then the tenant sees only the
 * email it typed (`profileShared` false), and the answer is the same whether or not the address
 * had an account. -85 when already a member; code 100 past the custodian limit. Someone who has
 * set a password is written to in their profile language; anyone else in the request's, which a
 * new account keeps.
 */
export async function inviteUser(
  actor: Actor,
  input: InviteUser,
  deps: Deps,
): Promise<{ user: UserRef; invited: boolean }> {
  authorizeInTenant(actor, 'users.invite');
  checkRootGrant(actor, null, input.role);
  const now = deps.clock.now();
  const languageFor = (account: { passwordHash: string | null; locale: string } | null) =>
    accountMailLanguage(account, actor.language);
  const existingAccount = await findUserByEmail(deps.db.system, input.email);
  const result = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const tenant = await findTenant(tx, actor.tenantId);
    if (!tenant) throw new AppError(Code.NOT_AUTHORIZED);
    const settings = readTenantSettings(tenant.settings);
    const inviter = await inviterName(tx, actor);
    const member = await findMemberByEmail(tx, input.email);
    const userType = userTypeFor(input.email, settings.internalDomains, input.type);

    if (member && !REINVITABLE.has(member.membership.status)) throw new AppError(Code.USER_WITH_TENANT);
    await checkCustodianLimit(
      tx,
      actor.tenantId,
      input.role === 'custodian' && member?.membership.role !== 'custodian' ? 1 : 0,
    );

    let invitee: Invitee;
    if (member) {
      invitee = {
        id: member.user.id,
        email: member.user.email,
        hasPassword: member.user.passwordHash !== null,
        language: languageFor(member.user),
      };
      await updateMembership(tx, invitee.id, {
        role: input.role,
        userType,
        status: 'admininvited',
        profileShared: false,
      });
    } else {
      invitee = existingAccount
        ? {
            id: existingAccount.id,
            email: existingAccount.email,
            hasPassword: existingAccount.passwordHash !== null,
            language: languageFor(existingAccount),
          }
        : { id: crypto.randomUUID(), email: input.email, hasPassword: false, language: languageFor(null) };
      if (!existingAccount) {
        await insertUser(tx, {
          id: invitee.id,
          email: input.email,
          firstName: input.firstName,
          middleName: input.middleName,
          lastName: input.lastName,
          title: input.title,
          locale: invitee.language,
          defaultTenantId: actor.tenantId,
        });
      }
      await insertMembership(tx, {
        tenantId: actor.tenantId,
        userId: invitee.id,
        role: input.role,
        status: 'admininvited',
        userType,
        invitedBy: actor.userId,
        profileShared: false,
      });
    }
    await sendTenantInvitation(
      tx,
      { tenantId: actor.tenantId, tenantName: tenant.name, inviterName: inviter },
      invitee,
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: 'user.invited',
        details: { userId: invitee.id, email: invitee.email, role: input.role },
        ip: actor.ip,
      },
      now,
    );
    // What the inviter typed, whoever the address belongs to: the answer must not tell.
    const user: UserRef = {
      id: invitee.id,
      email: input.email.toLowerCase(),
      firstName: input.firstName,
      middleName: input.middleName ?? '',
      lastName: input.lastName,
      role: input.role,
      type: userType,
      status: 'admininvited',
      verified: false,
    };
    return { user, invited: true };
  });
  deps.mailer.kick();
  return result;
}

async function inviterName(tx: Executor, actor: TenantActor): Promise<string> {
  const self = await findMember(tx, actor.userId);
  return self ? displayName(self.user) : 'An administrator';
}
