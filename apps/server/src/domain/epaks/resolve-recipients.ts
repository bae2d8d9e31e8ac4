import type { RecipientInput } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findAccountForRecipient, insertUser } from '../../db/repositories/accounts.ts';
import { findMemberByEmail, insertMembership } from '../../db/repositories/members.ts';
import type { TenantActor } from '../actor.ts';

export interface ResolvedPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The users behind recipient emails. A member is used as is; someone with an account in another
 * tenant joins this one as an external signer; a person unknown to the system is added as a new
 * external user without a password (spec §5) — they act through easy-sign links and can set a
 * password later with "forgot password". `invitedStatus` marks who brought them in.
 */
export async function resolvePeople(
  tx: Executor,
  actor: TenantActor,
  people: readonly RecipientInput[],
  invitedStatus: 'enabled' | 'invitewithdelegation' = 'enabled',
): Promise<Map<string, ResolvedPerson>> {
  const out = new Map<string, ResolvedPerson>();
  for (const p of people) {
    const email = p.email.toLowerCase();
    if (out.has(email)) continue;
    const member = await findMemberByEmail(tx, email);
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
    });
    out.set(email, {
      userId,
      email,
      firstName: account?.firstName ?? p.firstName,
      lastName: account?.lastName ?? p.lastName,
    });
  }
  return out;
}
