import {
  Code,
  SSO_CALLBACK_PATH,
  type SsoMappableRole,
  type SsoSettings,
  type SsoSettingsAnswer,
  type SsoSettingsInput,
} from '@signet/contracts';
import { findSsoProvider, type SsoProviderRow, saveSsoProvider } from '../../db/repositories/sso.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { discoverProvider, issuerSchemeAllowed } from './oidc-client.ts';

/** The master-key context a tenant's client secret is sealed under: it opens for that tenant only. */
export const secretContext = (tenantId: string) => `tenant:${tenantId}:sso-client-secret`;

export function sealSecret(secret: string, tenantId: string, deps: Deps): string {
  return Buffer.from(deps.vault.seal(new TextEncoder().encode(secret), secretContext(tenantId))).toString(
    'base64',
  );
}

export function openSecret(row: SsoProviderRow, deps: Deps): string | null {
  if (!row.clientSecretSealed) return null;
  const plain = deps.vault.open(Buffer.from(row.clientSecretSealed, 'base64'), secretContext(row.tenantId));
  return new TextDecoder().decode(plain);
}

/** The provider sends browsers back to the web app's callback page, which hands the answer to the API. */
export const redirectUriOf = (deps: Deps) => `${deps.settings.appUrl}${SSO_CALLBACK_PATH}`;
/** The link that opens the login page with the tenant's provider button. */
export const signInUrlOf = (deps: Deps, tenantId: string) => `${deps.settings.appUrl}/login?sso=${tenantId}`;

function present(row: SsoProviderRow): SsoSettings {
  return {
    enabled: row.enabled,
    displayName: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed !== null,
    scopes: row.scopes,
    roleClaim: row.roleClaim,
    roleMapping: row.roleMapping as SsoSettings['roleMapping'],
    defaultRole: row.defaultRole as SsoMappableRole,
    justInTime: row.justInTime,
    allowedDomains: row.allowedDomains,
    updatedOn: row.updatedAt.toISOString(),
  };
}

/** `GET /v1/sso`: the tenant's provider settings (admin), without the secret. */
export async function getSsoSettings(actor: Actor, deps: Deps): Promise<SsoSettingsAnswer> {
  authorizeInTenant(actor, 'sso.manage');
  const tenantId = actor.tenantId;
  const row = await deps.db.withTenant(tenantId, (tx) => findSsoProvider(tx, tenantId));
  return {
    settings: row ? present(row) : null,
    redirectUri: redirectUriOf(deps),
    signInUrl: signInUrlOf(deps, tenantId),
  };
}

/**
 * `PUT /v1/sso`: saves the provider. An enabled provider is discovered first, so a wrong issuer,
 * an unreachable one or an address Signet may not call is refused when saved, not at the first
 * sign-in. The secret is kept when not sent, removed when sent as null.
 */
export async function saveSsoSettings(
  actor: Actor,
  input: SsoSettingsInput,
  deps: Deps,
): Promise<SsoSettingsAnswer> {
  authorizeInTenant(actor, 'sso.manage');
  const tenantId = actor.tenantId;
  if (!issuerSchemeAllowed(input.issuer))
    throw new AppError(Code.INVALID_INPUT, 'The issuer must be an https URL');
  if ((await deps.outbound.checkUrl(input.issuer)) !== 'ok') {
    throw new AppError(Code.INVALID_INPUT, 'Signet may not call this address', {
      data: { reason: 'addressNotAllowed' },
    });
  }
  const before = await deps.db.withTenant(tenantId, (tx) => findSsoProvider(tx, tenantId));
  const keptSecret = before && input.clientSecret === undefined ? openSecret(before, deps) : null;
  const secret = input.clientSecret === undefined ? keptSecret : input.clientSecret;
  if (input.enabled)
    await discoverProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret: secret }, deps);

  const now = deps.clock.now();
  const row = await deps.db.withTenant(tenantId, async (tx) => {
    const saved = await saveSsoProvider(tx, {
      tenantId,
      enabled: input.enabled,
      displayName: input.displayName,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretSealed: secret === null ? null : sealSecret(secret, tenantId, deps),
      scopes: input.scopes,
      roleClaim: input.roleClaim,
      roleMapping: input.roleMapping,
      defaultRole: input.defaultRole,
      justInTime: input.justInTime,
      allowedDomains: [...new Set(input.allowedDomains)],
      updatedBy: actor.userId,
      updatedAt: now,
    });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'sso.updated',
        details: {
          enabled: input.enabled,
          issuer: input.issuer,
          clientId: input.clientId,
          justInTime: input.justInTime,
          newSecret: input.clientSecret !== undefined && input.clientSecret !== null,
        },
        ip: actor.ip,
      },
      now,
    );
    return saved;
  });
  return { settings: present(row), redirectUri: redirectUriOf(deps), signInUrl: signInUrlOf(deps, tenantId) };
}
