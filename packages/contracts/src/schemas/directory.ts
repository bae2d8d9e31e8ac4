import { z } from 'zod';
import { TenantRole } from '../roles.ts';
import { GroupNameSchema } from './groups.ts';
import { text } from './text.ts';

/**
 * User sync-up from a tenant's LDAP directory (spec §7 `POST /v2/startUserSyncUp`, admin menu
 * item `userSyncUp`). Everything but the bind password is one document; the password is sent
 * only when it changes and never answered.
 */

const LdapUrlSchema = text()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'An ldap:// or ldaps:// address');

const dn = () => text().trim().max(500);
const attribute = (fallback: string) =>
  text()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'An LDAP attribute name')
    .default(fallback);
const filter = (fallback: string) =>
  text()
    .trim()
    .max(1000)
    .refine((v) => v.startsWith('(') && v.endsWith(')'), 'An LDAP filter in parentheses')
    .default(fallback);

/** Roles the sync may give a new member: any but the owner's. */
export const DirectoryMemberRole = TenantRole.filter((r) => r !== 'root') as [
  Exclude<TenantRole, 'root'>,
  ...Exclude<TenantRole, 'root'>[],
];

export const DirectoryGroupMappingSchema = z.object({
  /** The LDAP group's DN or its cn (case-insensitive). */
  ldapGroup: dn().min(1),
  /** The Signet group it fills; made when it does not exist. */
  groupName: GroupNameSchema,
});
export type DirectoryGroupMapping = z.infer<typeof DirectoryGroupMappingSchema>;

export const DirectoryConfigSchema = z.object({
  url: LdapUrlSchema,
  /** Empty: an anonymous bind. */
  bindDn: dn().default(''),
  baseDn: dn().min(1),
  userFilter: filter('(objectClass=inetOrgPerson)'),
  emailAttribute: attribute('mail'),
  firstNameAttribute: attribute('givenName'),
  lastNameAttribute: attribute('sn'),
  /** Empty: groups are not synchronised. */
  groupBaseDn: dn().default(''),
  groupFilter: filter('(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))'),
  /** Holds the members' DNs (`member`, `uniqueMember`). */
  groupMemberAttribute: attribute('member'),
  defaultRole: z.enum(DirectoryMemberRole).default('signer'),
  groupMappings: z.array(DirectoryGroupMappingSchema).max(100).default([]),
});
export type DirectoryConfig = z.infer<typeof DirectoryConfigSchema>;

/** `PUT /v2/userSyncUp/settings` and the test call: `bindPassword` left out keeps the stored one, "" removes it. */
export const SaveDirectorySettingsSchema = DirectoryConfigSchema.extend({
  bindPassword: text().max(500).optional(),
});
export type SaveDirectorySettings = z.infer<typeof SaveDirectorySettingsSchema>;

export const DirectorySettingsSchema = z.object({
  config: DirectoryConfigSchema.nullable(),
  hasBindPassword: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type DirectorySettings = z.infer<typeof DirectorySettingsSchema>;

/** What a test connection found (nothing is changed). */
export const DirectoryTestResultSchema = z.object({
  users: z.number().int(),
  usersWithoutEmail: z.number().int(),
  /** Up to 5 addresses found, to recognise the right branch of the directory. */
  sampleEmails: z.array(z.string()),
  groups: z.array(z.object({ dn: z.string(), name: z.string(), members: z.number().int() })),
});
export type DirectoryTestResult = z.infer<typeof DirectoryTestResultSchema>;

export const DirectoryRunStatus = ['queued', 'running', 'completed', 'failed'] as const;
export type DirectoryRunStatus = (typeof DirectoryRunStatus)[number];

/** Why one entry or mapped group could not be synchronised. */
export const DirectoryFailureKind = [
  'noEmail',
  'duplicateEmail',
  'unusableField',
  'groupNotFound',
  'notDisabled',
  'refused',
] as const;
export type DirectoryFailureKind = (typeof DirectoryFailureKind)[number];

/** Why a whole run failed: the reading failures of the directory, or the run's own conditions. */
export const DirectoryRunErrorKind = [
  'address-not-allowed',
  'unreachable',
  'bind-refused',
  'search-failed',
  'too-large',
  'empty-directory',
  'not-configured',
  'not-admin',
  'unexpected',
] as const;
export type DirectoryRunErrorKind = (typeof DirectoryRunErrorKind)[number];

export const DirectoryRunSchema = z.object({
  runId: z.string(),
  status: z.enum(DirectoryRunStatus),
  startedBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Entries to go through, once the directory answered. */
  total: z.number().int().nullable(),
  seen: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  failed: z.number().int(),
  /** Why entries failed (at most 100 listed; `kind` for the client's words, `reason` the detail), and what happened to each mapped group. */
  failures: z.array(z.object({ entry: z.string(), kind: z.enum(DirectoryFailureKind), reason: z.string() })),
  groups: z.array(
    z.object({
      groupName: z.string(),
      created: z.boolean(),
      added: z.number().int(),
      removed: z.number().int(),
    }),
  ),
  /** Why the whole run failed (the directory could not be reached, …), and that reason as a kind for the client's words. */
  error: z.string().nullable(),
  errorKind: z.enum(DirectoryRunErrorKind).nullable(),
});
export type DirectoryRun = z.infer<typeof DirectoryRunSchema>;
