import type { OneDriveConfiguration, TenantSettings } from '@signet/contracts';
import type { Deps } from '../deps.ts';

/** Microsoft's public addresses, used when the installation names no others. */
export const MICROSOFT_DEFAULTS = {
  graphBaseUrl: 'https://graph.microsoft.com/v1.0',
  loginUrl: 'https://login.microsoftonline.com',
  pickerUrl: 'https://onedrive.live.com/picker',
} as const;

export function microsoftSettings(deps: Deps): { graphBaseUrl: string; loginUrl: string; pickerUrl: string } {
  return deps.settings.microsoft ?? MICROSOFT_DEFAULTS;
}

/** What the browser needs to offer "From OneDrive": the tenant's app and the installation's addresses. */
export function oneDriveConfiguration(settings: TenantSettings, deps: Deps): OneDriveConfiguration | null {
  if (!settings.oneDrive) return null;
  const { loginUrl, pickerUrl } = microsoftSettings(deps);
  return { ...settings.oneDrive, loginUrl, pickerUrl };
}
