import { isIP, connect as netConnect } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import type { DirectoryConfig } from '@signet/contracts';
import { Client, type Entry, InvalidCredentialsError } from 'ldapts';
import { isOutboundRefused, type OutboundClient } from '../http/safe-http.ts';

/** One person of the directory, with the mapped attributes' first values. */
export interface DirectoryPerson {
  dn: string;
  email: string | null;
  firstName: string;
  lastName: string;
}

export interface DirectoryGroup {
  dn: string;
  /** Its cn (else the DN's first value). */
  name: string;
  memberDns: string[];
}

export interface DirectoryContents {
  people: DirectoryPerson[];
  groups: DirectoryGroup[];
}

export type DirectoryFailure =
  | 'address-not-allowed'
  | 'unreachable'
  | 'bind-refused'
  | 'search-failed'
  | 'too-large';

/** Why reading the directory failed, in words an admin can act on (the detail goes to the log). */
export class DirectoryReadError extends Error {
  constructor(
    readonly reason: DirectoryFailure,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/** Reads a tenant's directory (tests give their own, over a real slapd, through the same client). */
export interface DirectoryReader {
  read(config: DirectoryConfig, bindPassword: string | null): Promise<DirectoryContents>;
}

/** At most this many people or groups: past it the sync refuses rather than half-reading a directory. */
export const MAX_DIRECTORY_ENTRIES = 20_000;
const PAGE_SIZE = 500;
const CONNECT_TIMEOUT_MS = 10_000;
const OPERATION_TIMEOUT_MS = 60_000;

/** DNs compared as LDAP does for the usual cases: case and spaces around separators do not count. */
export function normalizeDn(dn: string): string {
  return dn
    .split(',')
    .map((rdn) =>
      rdn
        .split('=')
        .map((part) => part.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();
}

function firstValue(entry: Entry, attribute: string): string | null {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  if (!key) return null;
  const value = entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return null;
  const text = (Buffer.isBuffer(first) ? first.toString('utf8') : first).trim();
  return text === '' ? null : text;
}

function allValues(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  if (!key) return [];
  const value = entry[key];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v));
}

/**
 * The directory over LDAP (ldapts). The host is a tenant's choice, so the sockets go through the
 * outbound client's address rules: a refused literal address fails before connecting, a name is
 * checked by the socket's own lookup at connect time (DNS rebinding), as for HTTP callbacks.
 */
export function ldapDirectoryReader(outbound: OutboundClient): DirectoryReader {
  return {
    async read(config, bindPassword) {
      const url = new URL(config.url);
      const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
      let lookup: ReturnType<OutboundClient['socketLookup']>;
      try {
        lookup = outbound.socketLookup(hostname);
      } catch (error) {
        throw new DirectoryReadError('address-not-allowed', `The address ${hostname} is not allowed`, error);
      }
      const servername = isIP(hostname) ? undefined : hostname;
      const client = new Client({
        url: config.url,
        connectTimeout: CONNECT_TIMEOUT_MS,
        timeout: OPERATION_TIMEOUT_MS,
        strictDN: false,
        createConnection: ((port: number, host: string) =>
          netConnect({ port, host, lookup })) as unknown as typeof netConnect,
        createSecureConnection: ((port: number, host: string, options?: ConnectionOptions) =>
          tlsConnect({
            ...options,
            port,
            host,
            lookup,
            ...(servername ? { servername } : {}),
          })) as unknown as typeof tlsConnect,
      });
      try {
        try {
          if (config.bindDn) await client.bind(config.bindDn, bindPassword ?? '');
          else await client.bind('', '');
        } catch (error) {
          if (error instanceof InvalidCredentialsError)
            throw new DirectoryReadError(
              'bind-refused',
              'The directory refused the bind DN or password',
              error,
            );
          throw connectionError(error, hostname);
        }
        const people = await searchAll(client, config.baseDn, config.userFilter, [
          config.emailAttribute,
          config.firstNameAttribute,
          config.lastNameAttribute,
        ]);
        const groups = config.groupBaseDn
          ? await searchAll(client, config.groupBaseDn, config.groupFilter, [
              'cn',
              config.groupMemberAttribute,
            ])
          : [];
        return {
          people: people.map((e) => ({
            dn: e.dn,
            email: firstValue(e, config.emailAttribute)?.toLowerCase() ?? null,
            firstName: firstValue(e, config.firstNameAttribute) ?? '',
            lastName: firstValue(e, config.lastNameAttribute) ?? '',
          })),
          groups: groups.map((e) => ({
            dn: e.dn,
            name: firstValue(e, 'cn') ?? e.dn.split(',')[0]?.split('=')[1] ?? e.dn,
            memberDns: allValues(e, config.groupMemberAttribute),
          })),
        };
      } finally {
        await client.unbind().catch(() => undefined);
      }
    },
  };
}

function connectionError(error: unknown, hostname: string): DirectoryReadError {
  if (error instanceof DirectoryReadError) return error;
  if (isOutboundRefused(error))
    return new DirectoryReadError('address-not-allowed', `The address ${hostname} is not allowed`, error);
  return new DirectoryReadError('unreachable', `The directory at ${hostname} could not be reached`, error);
}

async function searchAll(
  client: Client,
  base: string,
  filter: string,
  attributes: string[],
): Promise<Entry[]> {
  const found: Entry[] = [];
  try {
    for await (const page of client.searchPaginated(base, {
      scope: 'sub',
      filter,
      attributes,
      paged: { pageSize: PAGE_SIZE },
    })) {
      found.push(...page.searchEntries);
      if (found.length > MAX_DIRECTORY_ENTRIES)
        throw new DirectoryReadError(
          'too-large',
          `More than ${MAX_DIRECTORY_ENTRIES} entries under ${base}: narrow the base DN or the filter`,
        );
    }
  } catch (error) {
    if (error instanceof DirectoryReadError) throw error;
    if (isOutboundRefused(error) || (error as { code?: unknown }).code === 'ECONNREFUSED')
      throw connectionError(error, base);
    throw new DirectoryReadError(
      'search-failed',
      `The search under ${base} failed: ${(error as Error).message.split('\n')[0]}`,
      error,
    );
  }
  return found;
}
