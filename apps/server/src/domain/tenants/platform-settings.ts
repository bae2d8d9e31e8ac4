import type { PlatformSettings } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { getInstanceSetting, setInstanceSetting } from '../../db/repositories/tenants.ts';
import type { Actor } from '../actor.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { authorize } from '../policy.ts';

const KEY = 'platform';

/**
 * What the super admin set, over the installation's defaults: `SIGNET_ALLOW_SIGNUP` decides
 * sign-up until a super admin changes it here; new tenants have no licence end and no limit
 * until one is set.
 */
export async function readPlatformSettings(
  db: Executor,
  deps: Pick<Deps, 'settings'>,
): Promise<PlatformSettings> {
  const stored = (await getInstanceSetting<Partial<PlatformSettings>>(db, KEY)) ?? {};
  return {
    signupAllowed: stored.signupAllowed ?? deps.settings.allowSignup,
    newTenantLicenseDays: stored.newTenantLicenseDays ?? null,
    newTenantCustodianLimit: stored.newTenantCustodianLimit ?? null,
  };
}

/** `GET /v2/platform/settings` (super admin). */
export async function platformSettings(actor: Actor, deps: Deps): Promise<PlatformSettings> {
  authorize(actor, 'platform.manage');
  return readPlatformSettings(deps.db.system, deps);
}

/**
 * `PUT /v2/platform/settings` (super admin): any subset. The activity log is per tenant, so the
 * change goes to the server log with who made it.
 */
export async function updatePlatformSettings(
  actor: Actor,
  patch: Partial<PlatformSettings>,
  deps: Deps,
): Promise<PlatformSettings> {
  authorize(actor, 'platform.manage');
  const next = await deps.db.systemTx(async (tx) => {
    const merged = { ...(await readPlatformSettings(tx, deps)), ...stripUndefined(patch) };
    await setInstanceSetting(tx, KEY, merged);
    return merged;
  });
  deps.log.info({ superAdmin: actor.userId, change: patch }, 'platform settings changed');
  return next;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The settings a tenant created now starts with: its licence end and custodian limit. */
export function newTenantTerms(platform: PlatformSettings, now: Date): Record<string, unknown> {
  return {
    ...(platform.newTenantLicenseDays !== null
      ? { licenseExpiresOn: addSeconds(now, platform.newTenantLicenseDays * 86_400).toISOString() }
      : {}),
    ...(platform.newTenantCustodianLimit !== null
      ? { custodianLimit: platform.newTenantCustodianLimit }
      : {}),
  };
}
