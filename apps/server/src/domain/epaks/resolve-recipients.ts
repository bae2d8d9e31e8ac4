import { Code, isInternalAddress, type RecipientInput, type RecipientRules } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findAccountForRecipient, insertUser } from '../../db/repositories/accounts.ts';
import { findMemberByEmail, insertMembership } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

export interface ResolvedPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The tenant's recipient rules (settings `recipientRules`) applied to one address: -6 outside
 * the internal domains or the allowed roles, -3 for someone not yet in the tenant when nobody
 * new may be added, -75 for a member whose email is not verified when only verified ones may.
 */
export function refuseByRules(
  email: string,
  member: { role: string; verified: boolean } | null,
  rules: RecipientRules,
  internalDomains: readonly string[],
): void {
  if (rules.internalOnly && !isInternalAddress(email, internalDomains))
    throw new AppError(
      Code.INVALID_INPUT,
      `${email}: only addresses of the organisation's own domains may be added`,
    );
  if (!member) {
    if (rules.skipNewUsers || rules.verifiedOnly)
      throw new AppError(Code.USER_NOT_FOUND, `${email} is not a user of this organisation`);
    return;
  }
  if (rules.allowedRoles.length > 0 && !(rules.allowedRoles as readonly string[]).includes(member.role))
    throw new AppError(Code.INVALID_INPUT, `${email}: this role cannot be added as a recipient`);
  if (rules.verifiedOnly && !member.verified)
    throw new AppError(Code.USER_NOT_REGISTERED, `${email}: only verified users can be added`);
}

/**
 * The users behind recipient emails. A member is used as is; someone with an account in another
 * tenant joins this one as an external signer, with their profile hidden from it; a person unknown to the system is added as a new
 * external user without a password (spec §5) — they act through easy-sign links and can set a
 * password later with "forgot password". `invitedStatus` marks who brought them in. The tenant's
 * recipient rules apply to every address first.
 */
export async function resolvePeople(
  tx: Executor,
  actor: TenantActor,
  people: readonly RecipientInput[],
  invitedStatus: 'enabled' | 'invitewithdelegation' = 'enabled',
): Promise<Map<string, ResolvedPerson>> {
  const out = new Map<string, ResolvedPerson>();
  const tenant = people.length > 0 ? await findTenant(tx, actor.tenantId) : null;
  const { recipientRules, internalDomains } = readTenantSettings(tenant?.settings);
  for (const p of people) {
    const email = p.email.toLowerCase();
    if (out.has(email)) continue;
    const member = await findMemberByEmail(tx, email);
    refuseByRules(
      email,
      member && { role: member.membership.role, verified: member.user.verified },
      recipientRules,
      internalDomains,
    );
    if (member) {
      out.set(email, {
        userId: member.user.id,
        email,
        firstName: member.user.firstName,
        lastName: member.user.lastName,
      });
      continue;
    }
    const account = await findAccountForRecipient(tx, email);
    const userId = account?.id ?? crypto.randomUUID();
    if (!account) {
      await insertUser(tx, {
        id: userId,
        email,
        firstName: p.firstName,
        middleName: p.middleName,
        lastName: p.lastName,
        defaultTenantId: actor.tenantId,
      });
    }
    await insertMembership(tx, {
      tenantId: actor.tenantId,
      userId,
      role: 'signer',
      status: account?.hasPassword ? 'enabled' : invitedStatus,
      userType: 'external',
      invitedBy: actor.userId,
      // Someone else's account: the sender learns neither that it exists nor the name behind
      // it; the profile is shared once the person works in this tenant (signs in to it).
      profileShared: !account,
    });
    out.set(email, { userId, email, firstName: p.firstName, lastName: p.lastName });
  }
  return out;
}
