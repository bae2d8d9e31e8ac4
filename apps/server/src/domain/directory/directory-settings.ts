import {
  Code,
  type DirectoryConfig,
  DirectoryConfigSchema,
  type DirectorySettings,
  type DirectoryTestResult,
  type SaveDirectorySettings,
} from '@signet/contracts';
import {
  type DirectoryContents,
  DirectoryReadError,
  ldapDirectoryReader,
} from '../../adapters/directory/ldap-directory.ts';
import type { Executor } from '../../db/database.ts';
import { findDirectorySettings, saveDirectorySettingsRow } from '../../db/repositories/directory.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/** The master-key context of a tenant's bind password: a sealed value moved to another tenant does not open. */
const passwordContext = (tenantId: string) => `tenant:${tenantId}:directory-bind`;

export interface StoredDirectory {
  config: DirectoryConfig;
  bindPassword: string | null;
}

/** The tenant's connection with its password opened, or null when none is set up. */
export async function loadDirectory(
  tx: Executor,
  tenantId: string,
  deps: Deps,
): Promise<StoredDirectory | null> {
  const row = await findDirectorySettings(tx);
  if (!row) return null;
  return {
    config: DirectoryConfigSchema.parse(row.config),
    bindPassword: row.bindPasswordSealed
      ? new TextDecoder().decode(deps.vault.open(row.bindPasswordSealed, passwordContext(tenantId)))
      : null,
  };
}

/** The directory's host may not be an address Signet does not call (-6), as for callback URLs. */
async function requireAllowedHost(url: string, deps: Deps): Promise<void> {
  const { host } = new URL(url);
  // The address rules are about the host alone; checkUrl speaks URLs of http, so ask it in one.
  if ((await deps.outbound.checkUrl(`http://${host}/`)) !== 'ok')
    throw new AppError(
      Code.INVALID_INPUT,
      'The directory address is a loopback, private, link-local or reserved address, which Signet does not call',
    );
}

/**
 * The stored password goes only where it was meant to: to use it with another address or bind
 * DN, the admin types it again (-6). Otherwise anyone with the admin role could point the
 * connection at a server of theirs and receive the password in its bind.
 */
function requirePasswordForNewTarget(
  input: SaveDirectorySettings,
  stored: { config: DirectoryConfig; hasPassword: boolean } | null,
): void {
  if (input.bindPassword !== undefined || !stored?.hasPassword) return;
  const sameHost = new URL(stored.config.url).host.toLowerCase() === new URL(input.url).host.toLowerCase();
  const sameScheme = new URL(stored.config.url).protocol === new URL(input.url).protocol;
  if (!sameHost || !sameScheme || stored.config.bindDn !== input.bindDn)
    throw new AppError(
      Code.INVALID_INPUT,
      'Type the bind password again: the directory address or bind DN changed',
      { data: { field: 'bindPassword' } },
    );
}

/** Reads the directory, turning its failures into -1303 with words an admin can act on. */
export async function readDirectory(
  config: DirectoryConfig,
  bindPassword: string | null,
  deps: Deps,
): Promise<DirectoryContents> {
  try {
    return await ldapDirectoryReader(deps.outbound).read(config, bindPassword);
  } catch (error) {
    if (error instanceof DirectoryReadError) {
      deps.log.warn({ err: error.detail ?? error, reason: error.reason }, 'directory read failed');
      throw new AppError(Code.DIRECTORY_UNREACHABLE, error.message, { data: { reason: error.reason } });
    }
    throw error;
  }
}

/** `GET /v2/userSyncUp/settings`: the connection without its password (only whether one is kept). */
export async function getDirectorySettings(actor: Actor, deps: Deps): Promise<DirectorySettings> {
  authorizeInTenant(actor, 'directory.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await findDirectorySettings(tx);
    return {
      config: row ? DirectoryConfigSchema.parse(row.config) : null,
      hasBindPassword: row?.bindPasswordSealed != null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/**
 * `PUT /v2/userSyncUp/settings`. The bind password is sealed with the master key; left out, the
 * stored one stays; "" removes it.
 */
export async function saveDirectorySettings(
  actor: Actor,
  input: SaveDirectorySettings,
  deps: Deps,
): Promise<DirectorySettings> {
  authorizeInTenant(actor, 'directory.manage');
  await requireAllowedHost(input.url, deps);
  const { bindPassword, ...config } = input;
  const now = deps.clock.now();
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const before = await findDirectorySettings(tx);
    requirePasswordForNewTarget(
      input,
      before && {
        config: DirectoryConfigSchema.parse(before.config),
        hasPassword: before.bindPasswordSealed !== null,
      },
    );
    const sealed =
      bindPassword === undefined
        ? (before?.bindPasswordSealed ?? null)
        : bindPassword === ''
          ? null
          : deps.vault.seal(new TextEncoder().encode(bindPassword), passwordContext(tenantId));
    await saveDirectorySettingsRow(tx, {
      tenantId,
      config,
      bindPasswordSealed: sealed,
      updatedBy: actor.userId,
      updatedAt: now,
    });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'directory.settingsSaved',
        details: { url: config.url, baseDn: config.baseDn, passwordChanged: bindPassword !== undefined },
        ip: actor.ip,
      },
      now,
    );
    return { config, hasBindPassword: sealed !== null, updatedAt: now.toISOString() };
  });
}

/**
 * `POST /v2/userSyncUp/test`: binds and searches with the settings given (the stored password
 * when none is given) and says what it found; nothing is saved or changed.
 */
export async function testDirectoryConnection(
  actor: Actor,
  input: SaveDirectorySettings,
  deps: Deps,
): Promise<DirectoryTestResult> {
  authorizeInTenant(actor, 'directory.manage');
  await requireAllowedHost(input.url, deps);
  const { bindPassword, ...config } = input;
  const stored =
    bindPassword === undefined
      ? await deps.db.withTenant(actor.tenantId, (tx) => loadDirectory(tx, actor.tenantId, deps))
      : null;
  requirePasswordForNewTarget(
    input,
    stored && { config: stored.config, hasPassword: stored.bindPassword !== null },
  );
  const contents = await readDirectory(config, bindPassword ?? stored?.bindPassword ?? null, deps);
  const withEmail = contents.people.filter((p) => p.email);
  return {
    users: contents.people.length,
    usersWithoutEmail: contents.people.length - withEmail.length,
    sampleEmails: withEmail.slice(0, 5).map((p) => p.email as string),
    groups: contents.groups
      .slice(0, 100)
      .map((g) => ({ dn: g.dn, name: g.name, members: g.memberDns.length })),
  };
}
