import {
  EmailSchema,
  isInternalAddress,
  type Role,
  type TenantConfiguration,
  type UserRef,
} from '@signet/contracts';

/**
 * What the signer tag input does with what was typed or pasted (spec §5 "Users and signers"):
 * entries split on semicolons, checked, looked up together, then accepted or refused with a
 * reason the input shows. Pure, so every rule is unit-tested.
 */

export interface RecipientEntry {
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** Not yet a user of the tenant: Signet invites them when the ePak is sent. */
  isNew: boolean;
}

/** The translation key of each refusal. */
export const RejectReason = {
  invalid: 'compose.signers.invalid',
  alreadyPresent: 'compose.signers.alreadyPresent',
  failedValidation: 'compose.signers.failedValidation',
  role: 'compose.signers.role',
  internalDomain: 'compose.signers.internalDomain',
  verifiedOnly: 'compose.signers.verifiedOnly',
  newUsersSkipped: 'compose.signers.newUsersSkipped',
  disabled: 'messages.USER_DISABLED_CONTACT_ADMIN',
  invitationCancelled: 'messages.RESPONSE_MSG_USER_INVITATION_CANCELLED',
} as const;
export type RejectReason = (typeof RejectReason)[keyof typeof RejectReason];

export interface Rejection {
  entry: string;
  reason: RejectReason;
}

export interface SignerRules {
  /** Only these roles may be added (for example, a step only internal approvers take). */
  allowedRoles?: readonly Role[];
  /** Only addresses of these domains may be added. */
  internalDomains?: readonly string[];
  /** Only users whose email is verified may be added (unknown users are refused). */
  verifiedOnly?: boolean;
  /** Unknown addresses are refused instead of being added as new users. */
  skipNewUsers?: boolean;
}

/**
 * The rules the tenant set for recipients (settings `recipientRules`), as the input applies them.
 * The server applies the same rules when the ePak is saved; refusing here tells the custodian why
 * at once.
 */
export function signerRulesOf(
  config: Pick<TenantConfiguration, 'recipientRules' | 'internalDomains'> | null | undefined,
): SignerRules {
  if (!config) return {};
  const r = config.recipientRules;
  return {
    ...(r.internalOnly && config.internalDomains.length > 0
      ? { internalDomains: config.internalDomains.map((d) => d.toLowerCase()) }
      : {}),
    ...(r.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(r.skipNewUsers ? { skipNewUsers: true } : {}),
    ...(r.allowedRoles.length > 0 ? { allowedRoles: r.allowedRoles } : {}),
  };
}

/** Splits typed or pasted text into distinct, lower-cased entries. */
export function splitEntries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[;,\n]/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The entries worth looking up: well-formed and not already in the step. */
export function entriesToLookUp(entries: readonly string[], present: readonly string[]): string[] {
  const have = new Set(present.map((p) => p.toLowerCase()));
  return entries.filter((e) => EmailSchema.safeParse(e).success && !have.has(e));
}

/** Decides each entry once the tenant's users for them are known (`found`). */
export function classifyEntries(
  entries: readonly string[],
  present: readonly string[],
  found: readonly UserRef[],
  rules: SignerRules = {},
): { accepted: RecipientEntry[]; rejected: Rejection[] } {
  const have = new Set(present.map((p) => p.toLowerCase()));
  const byEmail = new Map(found.map((u) => [u.email.toLowerCase(), u]));
  const accepted: RecipientEntry[] = [];
  const rejected: Rejection[] = [];
  const refuse = (entry: string, reason: RejectReason) => rejected.push({ entry, reason });
  for (const entry of entries) {
    if (!EmailSchema.safeParse(entry).success) {
      refuse(entry, RejectReason.invalid);
      continue;
    }
    if (have.has(entry)) {
      refuse(entry, RejectReason.alreadyPresent);
      continue;
    }
    if (rules.internalDomains && !isInternalAddress(entry, rules.internalDomains)) {
      refuse(entry, RejectReason.internalDomain);
      continue;
    }
    const user = byEmail.get(entry);
    if (!user) {
      if (rules.skipNewUsers) refuse(entry, RejectReason.newUsersSkipped);
      else if (rules.verifiedOnly) refuse(entry, RejectReason.verifiedOnly);
      else {
        accepted.push({ email: entry, firstName: '', middleName: '', lastName: '', isNew: true });
        have.add(entry);
      }
      continue;
    }
    if (user.status === 'disabled') refuse(entry, RejectReason.disabled);
    else if (user.status === 'cancelInvitation') refuse(entry, RejectReason.invitationCancelled);
    else if (rules.allowedRoles && !rules.allowedRoles.includes(user.role)) refuse(entry, RejectReason.role);
    else if (rules.verifiedOnly && !user.verified) refuse(entry, RejectReason.verifiedOnly);
    else {
      accepted.push({
        email: user.email.toLowerCase(),
        firstName: user.firstName,
        middleName: user.middleName,
        lastName: user.lastName,
        isNew: false,
      });
      have.add(entry);
    }
  }
  return { accepted, rejected };
}

/** A lookup that failed (the server refused it) refuses the entries it was for. */
export function failedValidation(entries: readonly string[]): Rejection[] {
  return entries.map((entry) => ({ entry, reason: RejectReason.failedValidation }));
}
