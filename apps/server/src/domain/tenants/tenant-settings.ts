import { type TenantSettings, TenantSettingsSchema } from '@signet/contracts';

/** A tenant's stored settings with every default filled in. Unknown or invalid keys fall back to defaults. */
export function readTenantSettings(stored: unknown): TenantSettings {
  const parsed = TenantSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : TenantSettingsSchema.parse({});
}

export const DEFAULT_TENANT_SETTINGS: TenantSettings = TenantSettingsSchema.parse({});
