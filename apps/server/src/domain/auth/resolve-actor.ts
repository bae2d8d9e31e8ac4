import { Code, type Role } from '@signet/contracts';
import { actorFacts } from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { refuseLapsedInvitation } from './choose-tenant.ts';
import type { AccessClaims } from './tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK_SESSION_STATUSES = ['enabled', 'admininvited', 'invitewithdelegation'];

/**
 * Turns a request's token into the actor. The role is read from the membership on every
 * request, so a role change, a disabled member or an ended session takes effect at once.
 * `tenantHeader` (spec §7 `tenant_id`) selects one of the user's tenants.
 */
export async function resolveActor(
  token: string | undefined,
  tenantHeader: string | undefined,
  ip: string | null,
  deps: Deps,
): Promise<Actor & { claims: AccessClaims }> {
  if (!token) throw new AppError(Code.NOT_AUTHORIZED, 'No access token');
  const claims = await deps.tokens.verify(token);
  if (deps.settings.bindTokenToIp && claims.ip && claims.ip !== ip)
    throw new AppError(Code.TOKEN_IP_MISMATCH);
  const tenantId = tenantHeader?.trim() || claims.tenantId;
  if (tenantId && !UUID.test(tenantId))
    throw new AppError(Code.NOT_AUTHORIZED, 'tenant_id is not a tenant id');

  const facts = await actorFacts(deps.db.system, claims.sessionId, claims.userId, tenantId);
  if (!facts) throw new AppError(Code.INVALID_ACCESS_TOKEN);
  if (facts.revokedAt) throw new AppError(Code.SESSION_ENDED);
  const base = { userId: claims.userId, sessionId: claims.sessionId, ip, claims };
  // A tenant's OpenID provider speaks for that tenant only: its sessions work nowhere else.
  if (facts.ssoTenantId && facts.ssoTenantId !== tenantId) {
    throw new AppError(
      Code.NOT_AUTHORIZED,
      'This sign-in is for one organisation only; sign in again for another',
    );
  }

  if (!tenantId) {
    if (facts.superAdminStatus === 'enabled') return { ...base, tenantId: null, role: 'super_admin' };
    throw new AppError(Code.NOT_AUTHORIZED, 'Choose a tenant (tenant_id)');
  }
  if (!facts.role || !facts.status)
    throw new AppError(Code.NOT_AUTHORIZED, 'You do not belong to this tenant');
  if (facts.tenantStatus !== 'active')
    throw new AppError(Code.TRIAL_EXPIRED, 'This organisation is not active');
  if (facts.licenseExpiresOn && new Date(facts.licenseExpiresOn) <= deps.clock.now()) {
    throw new AppError(Code.TRIAL_EXPIRED);
  }
  if (facts.status === 'disabled') throw new AppError(Code.USER_DISABLED);
  // A link session of someone whose invitation lapsed ends with it.
  refuseLapsedInvitation(facts.status);
  // A link session serves people who may never have set a password (delegates, new signers).
  const usable = facts.scopeEpakId ? LINK_SESSION_STATUSES : ['enabled'];
  if (!usable.includes(facts.status)) {
    throw new AppError(Code.NOT_AUTHORIZED, 'Your membership of this tenant is not active');
  }
  return {
    ...base,
    tenantId,
    role: facts.role as Role,
    scopeEpakId: facts.scopeEpakId,
    oauthClientId: facts.oauthClientId,
    ...(facts.ssoTenantId ? { singleTenant: true } : {}),
  };
}
