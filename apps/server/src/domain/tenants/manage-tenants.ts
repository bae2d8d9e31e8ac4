import { Code, type Tenant } from '@signet/contracts';
import { findUserByEmail, insertUser } from '../../db/repositories/accounts.ts';
import { insertMembership } from '../../db/repositories/members.ts';
import {
  findTenant,
  findTenantByName,
  insertTenant,
  listTenantsWithCounts,
  updateTenant,
} from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { accountMailLanguage } from '../auth/language.ts';
import type { Deps } from '../deps.ts';
import { authorize } from '../policy.ts';
import { sendTenantInvitation } from '../users/tenant-invitation.ts';
import { newTenantTerms, readPlatformSettings } from './platform-settings.ts';
import { readTenantSettings } from './tenant-settings.ts';

function present(
  t: { id: string; name: string; status: 'active' | 'disabled'; createdAt: Date; settings: unknown },
  userCount: number,
): Tenant {
  return {
    tenantUuid: t.id,
    tenantName: t.name,
    status: t.status,
    createdOn: t.createdAt.toISOString(),
    userCount,
    licenseExpiresOn: readTenantSettings(t.settings).licenseExpiresOn,
  };
}

/** `GET /v2/tenants`: every tenant (super admin). Names and counts only, never documents. */
export async function listTenants(actor: Actor, deps: Deps): Promise<Tenant[]> {
  authorize(actor, 'tenants.manage');
  return (await listTenantsWithCounts(deps.db.system)).map((r) => present(r.tenant, r.userCount));
}

/** `POST /v2/tenants`: a new tenant whose first user is invited as its owner (`root`). -87 when the name is taken. */
export async function createTenant(
  actor: Actor,
  input: { tenantName: string; adminEmail: string; adminFirstName: string; adminLastName: string },
  deps: Deps,
): Promise<Tenant> {
  authorize(actor, 'tenants.manage');
  if (await findTenantByName(deps.db.system, input.tenantName)) throw new AppError(Code.TENANT_EXISTS);
  const now = deps.clock.now();
  const terms = newTenantTerms(await readPlatformSettings(deps.db.system, deps), now);
  const existing = await findUserByEmail(deps.db.system, input.adminEmail);
  const language = accountMailLanguage(existing, actor.language);
  const tenantId = await deps.db.systemTx(async (tx) => {
    const id = await insertTenant(tx, { name: input.tenantName, settings: terms });
    const userId = existing?.id ?? crypto.randomUUID();
    if (!existing) {
      await insertUser(tx, {
        id: userId,
        email: input.adminEmail,
        firstName: input.adminFirstName,
        lastName: input.adminLastName,
        locale: language,
        defaultTenantId: id,
      });
    }
    // An existing account becomes the owner only once its person accepts (as with any invitation).
    await insertMembership(tx, {
      tenantId: id,
      userId,
      role: 'root',
      status: 'admininvited',
      invitedBy: actor.userId,
      profileShared: !existing,
    });
    await sendTenantInvitation(
      tx,
      { tenantId: id, tenantName: input.tenantName, inviterName: 'Signet' },
      { id: userId, email: input.adminEmail, hasPassword: Boolean(existing?.passwordHash), language },
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId: id,
        actorUserId: actor.userId,
        action: 'tenant.created',
        details: { name: input.tenantName },
      },
      now,
    );
    return id;
  });
  deps.mailer.kick();
  const tenant = await findTenant(deps.db.system, tenantId);
  if (!tenant) throw new Error('tenant vanished');
  return present(tenant, 1);
}

/**
 * `PUT /v2/tenants/{tenantId}`: disables or re-activates a tenant (a disabled tenant answers -88 to its
 * users), renames it (-87 when another tenant has the name) or moves its licence end (the tenant
 * setting `licenseExpiresOn`; null is no end) or its custodian limit — the installation's terms,
 * which the tenant's own admins cannot change.
 */
export async function updateTenantAsSuperAdmin(
  actor: Actor,
  tenantId: string,
  change: {
    status?: 'active' | 'disabled';
    tenantName?: string;
    licenseExpiresOn?: string | null;
    custodianLimit?: number | null;
  },
  deps: Deps,
) {
  authorize(actor, 'tenants.manage');
  const tenant = await findTenant(deps.db.system, tenantId);
  if (!tenant) throw new AppError(Code.GENERIC_ERROR, 'The tenant does not exist', { httpStatus: 404 });
  if (change.tenantName !== undefined) {
    const taken = await findTenantByName(deps.db.system, change.tenantName);
    if (taken && taken.id !== tenantId) throw new AppError(Code.TENANT_EXISTS);
  }
  await deps.db.systemTx(async (tx) => {
    const current = (await findTenant(tx, tenantId)) ?? tenant;
    const stored = (current.settings ?? {}) as Record<string, unknown>;
    await updateTenant(tx, tenantId, {
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.tenantName !== undefined ? { name: change.tenantName } : {}),
      ...(change.licenseExpiresOn !== undefined || change.custodianLimit !== undefined
        ? {
            settings: {
              ...stored,
              ...(change.licenseExpiresOn !== undefined ? { licenseExpiresOn: change.licenseExpiresOn } : {}),
              ...(change.custodianLimit !== undefined ? { custodianLimit: change.custodianLimit } : {}),
            },
          }
        : {}),
    });
    await appendActivity(
      tx,
      { tenantId, actorUserId: actor.userId, action: 'tenant.updated', details: { ...change } },
      deps.clock.now(),
    );
  });
  const [row] = (await listTenantsWithCounts(deps.db.system)).filter((r) => r.tenant.id === tenantId);
  if (!row) throw new Error('tenant vanished');
  return present(row.tenant, row.userCount);
}
