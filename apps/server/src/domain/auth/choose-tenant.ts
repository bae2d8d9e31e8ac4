import { Code, type Role } from '@signet/contracts';
import { AppError } from '../app-error.ts';

interface MembershipChoice {
  tenantId: string;
  tenantStatus: 'active' | 'disabled';
  role: string;
  status: string;
}

/** Membership statuses that may sign in. An invited user who set a password is `enabled`. */
const USABLE = new Set(['enabled']);

/**
 * Memberships whose invitation ran out before it was accepted: the person's account in that
 * tenant has expired (code -15, "user expired"), until an admin invites them again. The spec's
 * status `expired` is the password's, and answers -73 instead.
 */
export const LAPSED_INVITE_STATUSES: ReadonlySet<string> = new Set([
  'admininviteexpired',
  'delegationinviteexpired',
]);

export function refuseLapsedInvitation(status: string): void {
  if (LAPSED_INVITE_STATUSES.has(status))
    throw new AppError(
      Code.USER_EXPIRED,
      'Your invitation has expired; ask an administrator to invite you again',
    );
}

/**
 * Picks the tenant a sign-in enters: the requested one, else the user's default, else the first
 * usable membership; a super admin without memberships enters none. The refusals say why: -13
 * disabled, -173 invitation cancelled, -15 invitation expired, -11 nothing to enter.
 */
export function chooseTenant(p: {
  memberships: readonly MembershipChoice[];
  requestedTenantId: string | null;
  defaultTenantId: string | null;
  superAdmin: boolean;
}): { tenantId: string | null; role: Role } {
  const usable = p.memberships.filter((m) => USABLE.has(m.status) && m.tenantStatus === 'active');
  if (p.requestedTenantId) {
    const m = p.memberships.find((x) => x.tenantId === p.requestedTenantId);
    if (!m) throw new AppError(Code.NOT_AUTHORIZED, 'You do not belong to that tenant');
    refuseUnusable(m);
    return { tenantId: m.tenantId, role: m.role as Role };
  }
  const chosen = usable.find((m) => m.tenantId === p.defaultTenantId) ?? usable[0];
  if (chosen) return { tenantId: chosen.tenantId, role: chosen.role as Role };
  if (p.superAdmin) return { tenantId: null, role: 'super_admin' };
  const first = p.memberships[0];
  if (first) refuseUnusable(first);
  throw new AppError(Code.NOT_AUTHORIZED, 'Your account has no active tenant');
}

function refuseUnusable(m: MembershipChoice): void {
  if (m.tenantStatus !== 'active') throw new AppError(Code.TRIAL_EXPIRED, 'This organisation is not active');
  if (m.status === 'disabled') throw new AppError(Code.USER_DISABLED);
  if (m.status === 'cancelInvitation') throw new AppError(Code.INVITATION_CANCELLED);
  refuseLapsedInvitation(m.status);
  if (!USABLE.has(m.status))
    throw new AppError(Code.USER_NOT_REGISTERED, 'Accept your invitation before signing in');
}
