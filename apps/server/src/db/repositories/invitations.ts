import { PENDING_INVITE_STATUSES } from '@signet/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../database.ts';
import { passwordTokens, tenants, users, userTenants } from '../schema/index.ts';

/**
 * A person's open invitations across tenants. Runs on the owner connection: the person is not a
 * member of those tenants yet, so no tenant context would show them.
 */

export interface PendingInvitationRow {
  tenantId: string;
  tenantName: string;
  role: string;
  email: string;
  inviterFirstName: string | null;
  inviterLastName: string | null;
  inviterEmail: string | null;
  invitedOn: Date;
}

const inviter = alias(users, 'inviter');

export function pendingInvitationsOf(db: Executor, userId: string): Promise<PendingInvitationRow[]> {
  return db
    .select({
      tenantId: userTenants.tenantId,
      tenantName: tenants.name,
      role: userTenants.role,
      email: users.email,
      inviterFirstName: inviter.firstName,
      inviterLastName: inviter.lastName,
      inviterEmail: inviter.email,
      invitedOn: userTenants.createdAt,
    })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.id, userTenants.tenantId))
    .innerJoin(users, eq(users.id, userTenants.userId))
    .leftJoin(inviter, eq(inviter.id, userTenants.invitedBy))
    .where(
      and(
        eq(userTenants.userId, userId),
        inArray(userTenants.status, [...PENDING_INVITE_STATUSES]),
        eq(tenants.status, 'active'),
      ),
    )
    .orderBy(tenants.name);
}

/**
 * Settles an open invitation: accepted, the membership is enabled and the tenant may see the
 * person's profile; declined, it ends as `cancelInvitation`. Either way its links stop working.
 * False when there was no open invitation to settle (answered twice, cancelled meanwhile).
 */
export async function settleInvitation(
  tx: Executor,
  userId: string,
  tenantId: string,
  accept: boolean,
  at: Date,
): Promise<boolean> {
  const settled = await tx
    .update(userTenants)
    .set(accept ? { status: 'enabled', profileShared: true } : { status: 'cancelInvitation' })
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(userTenants.tenantId, tenantId),
        inArray(userTenants.status, [...PENDING_INVITE_STATUSES]),
      ),
    )
    .returning({ tenantId: userTenants.tenantId });
  await tx
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.tenantId, tenantId),
        eq(passwordTokens.kind, 'invite'),
        isNull(passwordTokens.usedAt),
      ),
    );
  return settled.length === 1;
}

/**
 * The person signed in to a tenant they were added to as a recipient: working there, they share
 * their profile with it (as accepting an invitation does).
 */
export async function shareProfileWith(tx: Executor, userId: string, tenantId: string): Promise<void> {
  await tx
    .update(userTenants)
    .set({ profileShared: true })
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(userTenants.tenantId, tenantId),
        eq(userTenants.status, 'enabled'),
        eq(userTenants.profileShared, false),
      ),
    );
}
