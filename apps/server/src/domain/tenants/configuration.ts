import type { PublicConfiguration, TenantConfiguration, TenantSettings } from '@signet/contracts';
import { Code, SUPPORTED_LANGUAGES, TenantSettingsPatchSchema } from '@signet/contracts';
import { findTenant, getInstanceSetting, updateTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorize, authorizeInTenant } from '../policy.ts';
import { brandingView } from './branding.ts';
import { oneDriveConfiguration } from './onedrive-app.ts';
import { readPlatformSettings } from './platform-settings.ts';
import { DEFAULT_TENANT_SETTINGS, readTenantSettings } from './tenant-settings.ts';

export const APP_VERSION = '0.1.0';
/** Where the notification socket listens, relative to the API base. */
export const NOTIFICATION_PATH = '/msbapi/notifications';

export interface Announcement {
  text: string;
  startTime: string;
  endTime: string;
}

/** `GET /public/configuration`. */
export async function publicConfiguration(deps: Deps): Promise<PublicConfiguration> {
  return {
    appName: 'Signet',
    version: APP_VERSION,
    languages: [...SUPPORTED_LANGUAGES],
    defaultLanguage: 'en',
    allowSignup: (await readPlatformSettings(deps.db.system, deps)).signupAllowed,
    rememberMe: false,
    loginImages: false,
    announcement: await getInstanceSetting<Announcement>(deps.db.system, 'announcement'),
  };
}

function languagesFor(settings: TenantSettings): string[] {
  const allowed = settings.languages.filter((l) => (SUPPORTED_LANGUAGES as readonly string[]).includes(l));
  return allowed.length > 0 ? allowed : [...SUPPORTED_LANGUAGES];
}

/** `GET /v1/configuration` (and `/v1/config`): the actor's tenant settings and session parameters. */
export async function tenantConfiguration(actor: Actor, deps: Deps): Promise<TenantConfiguration> {
  authorize(actor, 'configuration.read');
  const tenant = actor.tenantId
    ? await deps.db.withTenant(actor.tenantId, (tx) => findTenant(tx, actor.tenantId as string))
    : null;
  const settings = tenant ? readTenantSettings(tenant.settings) : DEFAULT_TENANT_SETTINGS;
  return {
    tenantUuid: tenant?.id ?? null,
    tenantName: tenant?.name ?? null,
    languages: languagesFor(settings),
    dateFormat: settings.dateFormat,
    features: settings.features,
    hiddenMenuItems: settings.hiddenMenuItems,
    passwordPolicy: settings.passwordPolicy,
    twoFactor: settings.twoFactor,
    epakExpiryDays: settings.epakExpiryDays,
    epakRetentionDays: settings.epakRetentionDays,
    geolocation: settings.geolocation,
    internalDomains: settings.internalDomains,
    recipientRules: settings.recipientRules,
    archivalPeriodDays: settings.archivalPeriodDays,
    announcement: settings.announcement,
    branding: tenant
      ? brandingView(tenant.id, settings)
      : { displayName: null, primaryColor: null, logoUrl: null },
    oneDrive: oneDriveConfiguration(settings, deps),
    session: {
      uistokenexpiresin: deps.settings.accessTokenTtlSeconds,
      notificationPath: NOTIFICATION_PATH,
      notificationTransports: ['websocket'],
      webNotificationTimeoutMs: 8000,
    },
  };
}

const SUPER_ADMIN_SETTINGS: ReadonlySet<string> = new Set(['licenseExpiresOn', 'custodianLimit']);

/** `PUT /v1/configuration`: an admin changes the tenant's settings (a partial document). */
export async function updateTenantSettings(
  actor: Actor,
  patch: unknown,
  deps: Deps,
): Promise<TenantConfiguration> {
  authorizeInTenant(actor, 'tenant.settings');
  // The licence and the custodian limit are the installation's terms with the tenant: only a super
  // admin moves them (PUT /v2/tenants/{id}); a tenant admin must not extend their own licence.
  const sent = typeof patch === 'object' && patch !== null ? Object.keys(patch) : [];
  const reserved = sent.filter((key) => SUPER_ADMIN_SETTINGS.has(key));
  if (reserved.length > 0)
    throw new AppError(Code.NOT_AUTHORIZED, `${reserved.join(', ')}: set by the installation's super admin`);
  // Only the keys sent (the patch schema fills no defaults for the others, so they keep their values).
  const change = TenantSettingsPatchSchema.parse(patch);
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    const tenant = await findTenant(tx, tenantId);
    const merged = { ...readTenantSettings(tenant?.settings), ...change };
    await updateTenant(tx, tenantId, { settings: merged });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'tenant.settingsChanged',
        details: { keys: Object.keys(change) },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
  });
  return tenantConfiguration(actor, deps);
}

/** `GET /public/passwordpolicy?tenantId=`: the rules the set-password and change-password forms show. */
export async function passwordPolicyOf(tenantId: string | undefined, deps: Deps) {
  const tenant = tenantId ? await findTenant(deps.db.system, tenantId) : null;
  return readTenantSettings(tenant?.settings).passwordPolicy;
}
