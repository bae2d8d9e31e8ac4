import { type Accessibilities, menusFor, ROUTES_BY_ROLE } from '@signet/contracts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorize, can, PERMISSIONS, type Permission } from '../policy.ts';
import { readTenantSettings } from './tenant-settings.ts';

/**
 * `GET /v1/accessibilities`: the actor's routes, menus and permissions, computed from the same
 * tables the web app's header and every use case's `authorize` read, so they cannot disagree.
 */
export async function accessibilities(
  actor: Actor,
  query: { mobileApp?: boolean | undefined },
  deps: Deps,
): Promise<Accessibilities> {
  authorize(actor, 'configuration.read');
  const tenantId = actor.tenantId;
  const tenant = tenantId ? await deps.db.withTenant(tenantId, (tx) => findTenant(tx, tenantId)) : null;
  const menus = menusFor(actor.role, tenant ? readTenantSettings(tenant.settings) : null, query.mobileApp);
  return {
    role: actor.role,
    routes: [...ROUTES_BY_ROLE[actor.role]],
    topMenu: menus.top,
    composeMenu: menus.compose,
    adminMenu: menus.admin,
    permissions: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(actor, p)),
  };
}
