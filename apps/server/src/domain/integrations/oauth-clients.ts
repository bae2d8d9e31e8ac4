import {
  Code,
  type OAuthClient,
  type OAuthClientInput,
  type OAuthClientUpdate,
  type OAuthGrant,
} from '@signet/contracts';
import {
  clientIdTaken,
  deleteOAuthClient,
  findOAuthClient,
  findOAuthClientByClientId,
  insertOAuthClient,
  listOAuthClients,
  type OAuthClientRow,
  updateOAuthClient,
} from '../../db/repositories/integrations.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { randomToken, sameDigest, tokenDigest } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireCallableUrl } from './callback-url.ts';
import { followCallbackUrlChange } from './callbacks.ts';

/**
 * OAuth clients of a tenant's integrations (issue 7): an admin registers them with a client id
 * of their choosing, the grants they may use, the redirect URIs of the authorization-code flow
 * and a callback URL. The secret is shown once and kept as a digest.
 */

function present(row: OAuthClientRow, clientSecret?: string): OAuthClient {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    redirectUris: row.redirectUris,
    grants: row.grants as OAuthGrant[],
    callbackUrl: row.callbackUrl,
    createdOn: row.createdAt.toISOString(),
    ...(clientSecret ? { clientSecret } : {}),
  };
}

export async function listClients(actor: Actor, deps: Deps): Promise<OAuthClient[]> {
  authorizeInTenant(actor, 'integrations.manage');
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => listOAuthClients(tx));
  return rows.map((r) => present(r));
}

export async function createClient(actor: Actor, input: OAuthClientInput, deps: Deps): Promise<OAuthClient> {
  authorizeInTenant(actor, 'integrations.manage');
  const tenantId = actor.tenantId;
  if (
    input.clientId.toLowerCase() === deps.settings.clientId.toLowerCase() ||
    (await clientIdTaken(deps.db.system, input.clientId))
  )
    throw new AppError(Code.INVALID_INPUT, 'This client id is taken: choose another');
  await requireCallableUrl(input.callbackUrl, deps);
  const secret = randomToken();
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await insertOAuthClient(tx, {
      tenantId,
      clientId: input.clientId,
      name: input.name,
      secretHash: tokenDigest(secret),
      redirectUris: input.redirectUris,
      grants: input.grants,
      callbackUrl: input.callbackUrl,
      createdBy: actor.userId,
    });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'oauthClient.created',
        details: { clientId: row.clientId, grants: row.grants, redirectUris: row.redirectUris },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return present(row, secret);
  });
}

export async function updateClient(
  actor: Actor,
  id: string,
  input: OAuthClientUpdate,
  deps: Deps,
): Promise<OAuthClient> {
  authorizeInTenant(actor, 'integrations.manage');
  const tenantId = actor.tenantId;
  await requireCallableUrl(input.callbackUrl, deps);
  return deps.db.withTenant(tenantId, async (tx) => {
    const before = await findOAuthClient(tx, id);
    if (!before) throw new AppError(Code.GENERIC_ERROR, 'No such client');
    const secret = input.regenerateSecret ? randomToken() : undefined;
    const { regenerateSecret: _, ...changes } = input;
    const row = await updateOAuthClient(tx, id, {
      ...changes,
      ...(secret ? { secretHash: tokenDigest(secret) } : {}),
    });
    if (!row) throw new AppError(Code.GENERIC_ERROR, 'No such client');
    await followCallbackUrlChange(tx, before.callbackUrl, row.callbackUrl, deps.clock.now());
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'oauthClient.updated',
        details: { clientId: row.clientId, changed: Object.keys(changes), newSecret: Boolean(secret) },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return present(row, secret);
  });
}

export async function removeClient(actor: Actor, id: string, deps: Deps): Promise<void> {
  authorizeInTenant(actor, 'integrations.manage');
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    const row = await findOAuthClient(tx, id);
    if (!row || !(await deleteOAuthClient(tx, id))) throw new AppError(Code.GENERIC_ERROR, 'No such client');
    await followCallbackUrlChange(tx, row.callbackUrl, null, deps.clock.now());
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'oauthClient.deleted',
        details: { clientId: row.clientId },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
  });
}

/** A client that proved its secret: Signet's own (no tenant) or one a tenant registered. */
export interface AuthenticatedClient {
  clientId: string;
  /** The tenant the client belongs to; null for the built-in client of the configuration. */
  tenantId: string | null;
  redirectUris: readonly string[];
}

/**
 * Checks a client's credentials and that it may use the grant. Unknown clients and wrong
 * secrets answer alike (-11). The built-in client (configuration) has the password and refresh
 * grants and no redirect URIs.
 */
export async function authenticateClient(
  clientId: string,
  clientSecret: string,
  grant: OAuthGrant,
  deps: Deps,
): Promise<AuthenticatedClient> {
  const refused = new AppError(Code.NOT_AUTHORIZED, 'Unknown client or wrong client secret');
  if (clientId === deps.settings.clientId) {
    if (!sameDigest(tokenDigest(clientSecret), tokenDigest(deps.settings.clientSecret))) throw refused;
    if (grant === 'authorization_code')
      throw new AppError(Code.NOT_AUTHORIZED, 'This client may not use the authorization_code grant');
    return { clientId, tenantId: null, redirectUris: [] };
  }
  const row = await findOAuthClientByClientId(deps.db.system, clientId);
  if (!row || !sameDigest(tokenDigest(clientSecret), row.secretHash)) throw refused;
  if (!row.grants.includes(grant))
    throw new AppError(Code.NOT_AUTHORIZED, `This client may not use the ${grant} grant`);
  return { clientId: row.clientId, tenantId: row.tenantId, redirectUris: row.redirectUris };
}
