import { createHash } from 'node:crypto';
import { type BrandingView, Code, type TenantSettings } from '@signet/contracts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { readTenantSettings } from './tenant-settings.ts';

function versionOf(data: string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/**
 * The tenant's branding for `GET /v1/configuration`. The logo's address carries a version made
 * from its bytes, so browsers may keep it for good and still see a new logo at once.
 */
export function brandingView(tenantId: string, settings: TenantSettings): BrandingView {
  const logo = settings.brandLogo;
  return {
    displayName: settings.branding.displayName,
    primaryColor: settings.branding.primaryColor,
    logoUrl: logo ? `/msbapi/public/branding/${tenantId}/logo?v=${versionOf(logo.data)}` : null,
  };
}

/**
 * `GET /public/branding/{tenantId}/logo`: public, because a logo is shown to signers who follow
 * a link and is no secret; an unknown tenant and a tenant without a logo answer alike (404).
 */
export async function brandLogo(
  tenantId: string,
  version: string | undefined,
  deps: Deps,
): Promise<{ mime: string; bytes: Buffer; immutable: boolean }> {
  const tenant = await findTenant(deps.db.system, tenantId);
  const logo = tenant ? readTenantSettings(tenant.settings).brandLogo : null;
  if (!logo) throw new AppError(Code.GENERIC_ERROR, 'No logo', { httpStatus: 404 });
  return {
    mime: logo.mime,
    bytes: Buffer.from(logo.data, 'base64'),
    immutable: version === versionOf(logo.data),
  };
}
