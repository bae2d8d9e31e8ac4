import { ADMIN_ROLES, Code, type Role, SENDER_ROLES, TenantRole } from '@signet/contracts';
import type { Actor, TenantActor } from './actor.ts';
import { AppError } from './app-error.ts';

const EVERY_TENANT_ROLE: readonly Role[] = TenantRole;
const SUPER_ADMIN: readonly Role[] = ['super_admin'];

/**
 * Which roles may do what, as one table (architecture convention 3). Use cases call
 * `authorize(actor, permission)` on their first line; the role matrix test reads this table.
 */
export const PERMISSIONS = {
  'configuration.read': [...EVERY_TENANT_ROLE, 'super_admin'],
  /** The person's own account across tenants: answering the invitations of other tenants. */
  'account.invitations': [...EVERY_TENANT_ROLE, 'super_admin'],
  'users.list': EVERY_TENANT_ROLE,
  'users.lookup': SENDER_ROLES,
  'users.read': EVERY_TENANT_ROLE,
  'users.filter': SENDER_ROLES,
  'users.invite': ADMIN_ROLES,
  'users.cancelInvite': ADMIN_ROLES,
  'users.updateRoles': ADMIN_ROLES,
  'users.setAdmin': ADMIN_ROLES,
  'users.resetPassword': ADMIN_ROLES,
  'users.statistics': ADMIN_ROLES,
  'users.disable': ADMIN_ROLES,
  'groups.read': EVERY_TENANT_ROLE,
  'groups.manage': ADMIN_ROLES,
  /** Group managers may also change the members of the groups they manage (checked in the use case). */
  'groups.members': ADMIN_ROLES,
  'tenant.settings': ADMIN_ROLES,
  'documents.upload': SENDER_ROLES,
  'documents.manage': SENDER_ROLES,
  'epaks.compose': SENDER_ROLES,
  /** Composing and sending one ePak per row of a CSV (spec §2: the compose dropdown's bulkcompose). */
  'epaks.bulkCompose': SENDER_ROLES,
  /** Reading an ePak also needs to be its owner, a recipient or an admin (checked in the use case). */
  'epaks.read': EVERY_TENANT_ROLE,
  /** Looking across one's ePaks (lists, search, folder counts, statistics): never a link session's. */
  'epaks.list': EVERY_TENANT_ROLE,
  /** Acting as a recipient; being the recipient whose turn it is is checked by the workflow machine. */
  'epaks.act': EVERY_TENANT_ROLE,
  'reasons.manage': ADMIN_ROLES,
  /** Workflow and document templates and letterheads; changing one also needs to own it or be an admin. */
  'templates.manage': SENDER_ROLES,
  /** The organisation's rubber stamps and whom they are shared with (only while the tenant's switch is on). */
  'rubberStamps.manage': ADMIN_ROLES,
  /** Listing the rubber stamps shared with oneself, to apply one on a rubberStamp tag. */
  'rubberStamps.use': EVERY_TENANT_ROLE,
  /** The tenant's step vocabulary (admin menu editWorkflowStates). */
  'workflowStates.manage': ADMIN_ROLES,
  /**
   * Team rooms one is a member of (spec §6: signers too, not registrars); what a member may do in a
   * room follows their room role (`domain/teamrooms/room-rules.ts`). Only while the tenant's switch is on.
   */
  'teamrooms.use': [...SENDER_ROLES, 'signer'],
  /** Creating and cloning team rooms. */
  'teamrooms.create': SENDER_ROLES,
  /** The stamp-paper inventory (admin menu `stamps`; only while the tenant's switch is on). */
  'stampPapers.manage': ADMIN_ROLES,
  /** Seeing and putting on a document the stamp papers assigned to oneself or one's groups. */
  'stampPapers.use': SENDER_ROLES,
  /** Statistics of the whole tenant, or of another user. */
  'statistics.all': ADMIN_ROLES,

  'activity.verify': ADMIN_ROLES,
  /** OAuth clients of the tenant's integrations and their callback deliveries. */
  'integrations.manage': ADMIN_ROLES,
  /** The LDAP directory connection and its user sync-up runs (admin menu userSyncUp). */
  'directory.manage': ADMIN_ROLES,
  /** Web-form mappings and their generated API (only while the tenant's web-form switch is on). */
  'webforms.manage': ADMIN_ROLES,
  /** The tenant's OpenID Connect provider (single sign-on). */
  'sso.manage': ADMIN_ROLES,
  /** Webhook subscriptions of the tenant and their delivery logs (issue 12). */
  'webhooks.manage': ADMIN_ROLES,
  /** Letting a registered integration act for oneself (authorization-code flow). */
  'oauth.authorize': EVERY_TENANT_ROLE,
  /** Running and exporting reports (spec §6: every role with the reports route; not registrars). */
  'reports.run': ['root', 'admin', 'custodian', 'submitter', 'signer', 'super_admin'],
  /** Reports over the whole tenant (others see their own ePaks and actions), and the retention list. */
  'reports.all': [...ADMIN_ROLES, 'super_admin'],
  'superadmins.manage': SUPER_ADMIN,
  'tenants.manage': SUPER_ADMIN,
  'platform.manage': SUPER_ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(actor: Pick<Actor, 'role'>, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(actor.role);
}

/** What a session opened from an easy-sign link may do: read and act on its one ePak. */
const LINK_SESSION_PERMISSIONS: ReadonlySet<Permission> = new Set([
  'epaks.read',
  'epaks.act',
  'configuration.read',
]);

/**
 * Throws -11 (403) for a session opened from an easy-sign link. Routes call it unless they declare
 * that they serve link sessions (`linkSession: true`), so a new route is closed to them by default.
 */
export function refuseLinkSession(actor: Pick<Actor, 'scopeEpakId'> | null): void {
  if (actor?.scopeEpakId) {
    throw new AppError(Code.NOT_AUTHORIZED, 'A signing link opens one ePak only; sign in for the rest');
  }
}

/**
 * A session opened through a tenant's OpenID provider may not change what belongs to the account
 * across tenants (routes declared `accountWide`): the provider vouches for the person in its
 * tenant, not for their password, name, saved signature or passcode (issue 30).
 */
export function refuseProviderSession(actor: Pick<Actor, 'singleTenant'> | null): void {
  if (actor?.singleTenant) {
    throw new AppError(
      Code.NOT_AUTHORIZED,
      'Signed in through your organisation’s provider, you cannot change your account; sign in with your password for that',
    );
  }
}

/** Throws -11 unless the actor's role holds the permission. */
export function authorize(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) {
    throw new AppError(Code.NOT_AUTHORIZED, `Your role may not do this (${permission})`);
  }
  if (!LINK_SESSION_PERMISSIONS.has(permission)) refuseLinkSession(actor);
}

/** Like `authorize`, for use cases that need a tenant: also narrows the actor's type. */
export function authorizeInTenant(actor: Actor, permission: Permission): asserts actor is TenantActor {
  authorize(actor, permission);
  if (actor.tenantId === null)
    throw new AppError(Code.NOT_AUTHORIZED, 'This needs a tenant (send tenant_id)');
}
