import { z } from 'zod';
import { Limits, type SigningPolicy, VerificationMode } from '../constants.ts';
import { TenantRole } from '../roles.ts';
import { GeolocationMode } from '../statuses.ts';
import { BrandingSchema, BrandLogoSchema } from './branding.ts';
import { OneDriveAppSchema } from './onedrive.ts';
import { text } from './text.ts';

export const PasswordPolicySchema = z.object({
  minLength: z.number().int().min(6).max(128).default(8),
  maxLength: z.number().int().min(8).max(256).default(128),
  requireUppercase: z.boolean().default(true),
  requireLowercase: z.boolean().default(true),
  requireDigit: z.boolean().default(true),
  requireSpecial: z.boolean().default(false),
  /** Days after which a password expires and must be changed (0: never). */
  expiryDays: z.number().int().min(0).default(0),
  /** Failed sign-ins of one account from one address before each further one is delayed (no account lock). */
  lockoutThreshold: z.number().int().min(1).max(100).default(5),
  /** The longest delay, in minutes; the failures are forgotten this long after the last one. */
  lockoutMinutes: z.number().int().min(1).default(15),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const FeatureFlagsSchema = z.object({
  teamRoom: z.boolean().default(false),
  compare: z.boolean().default(true),
  features: z.boolean().default(true),
  webForm: z.boolean().default(false),
  stampPaper: z.boolean().default(false),
  rubberStamp: z.boolean().default(false),
  advancedAdminSettings: z.boolean().default(true),
  userSyncUp: z.boolean().default(false),
  workflowRestriction: z.boolean().default(false),
  onedrive: z.boolean().default(false),
  googledrive: z.boolean().default(false),
  showUserUuidColumn: z.boolean().default(false),
  showSentReceivedArchive: z.boolean().default(true),
  zoom: z.boolean().default(false),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** Signing policies whose key is held by a remote signing provider (CSC API), spec §9. */
export const REMOTE_SIGNING_POLICIES = [
  'AADHAAR',
  'TRANSSPED',
  'SAFEMOBILE',
  'HYBRID',
  'COSIGN',
  'PSS',
  'ODPPKI',
  'ODPIDPKI',
] as const satisfies readonly SigningPolicy[];
export type RemoteSigningPolicy = (typeof REMOTE_SIGNING_POLICIES)[number];

/**
 * Which remote signing provider signs each remote policy in this tenant. Providers themselves
 * (address, client credentials) are installation configuration (`SIGNET_SIGNING_PROVIDERS`), so
 * their secrets never sit in settings an admin can read; a tenant names one by its id. A policy
 * left out uses the installation's default provider for it; `null` turns the policy off here.
 */
export const RemoteSigningSettingsSchema = z.object({
  providers: z
    .partialRecord(z.enum(REMOTE_SIGNING_POLICIES), text().trim().min(1).max(64).nullable())
    .default({}),
});
export type RemoteSigningSettings = z.infer<typeof RemoteSigningSettingsSchema>;

/**
 * Who a custodian may add as a recipient (spec §5: entries "filtered out by role, internal-domain
 * or verified-only rules"). Applied where recipients become users on the server — compose, edit,
 * delegation — and by the signer input, which refuses the entry with its reason first.
 */
export const RecipientRulesSchema = z.object({
  /** Only addresses of the tenant's `internalDomains` (no effect while that list is empty). */
  internalOnly: z.boolean().default(false),
  /** Only members whose email is verified; nobody new. */
  verifiedOnly: z.boolean().default(false),
  /** Only people already in the tenant; nobody is added as a new user. */
  skipNewUsers: z.boolean().default(false),
  /** Only members with one of these roles; empty allows every role. */
  allowedRoles: z.array(z.enum(TenantRole)).default([]),
});
export type RecipientRules = z.infer<typeof RecipientRulesSchema>;

/**
 * Whether an address belongs to the organisation: its domain is one of the tenant's
 * `internalDomains` (letter case aside). With no domains set, every address does.
 */
export function isInternalAddress(email: string, internalDomains: readonly string[]): boolean {
  if (internalDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return internalDomains.some((d) => d.toLowerCase() === domain);
}

/**
 * The tenant's own announcement banner (spec §2, §3 "Announcement: startTime, endTime, text"), set
 * by its admins and shown to its signed-in members between `startTime` and `endTime`.
 */
export const TenantAnnouncementSchema = z
  .object({
    text: text().trim().min(1).max(500),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
  })
  .refine((a) => Date.parse(a.endTime) > Date.parse(a.startTime), {
    message: 'endTime must be after startTime',
    path: ['endTime'],
  });
export type TenantAnnouncement = z.infer<typeof TenantAnnouncementSchema>;

/** A tenant's settings, stored as one JSON document; every field has a default. */
export const TenantSettingsSchema = z.object({
  passwordPolicy: PasswordPolicySchema.prefault({}),
  /** Sign-in needs a one-time code sent by email (code -200). */
  twoFactor: z.boolean().default(false),
  /** Most users with the custodian role; null is unlimited (code 100 when exceeded). */
  custodianLimit: z.number().int().min(0).nullable().default(null),
  /** Languages offered in the language dropdown; empty means all supported. */
  languages: z.array(text()).default([]),
  features: FeatureFlagsSchema.prefault({}),
  hiddenMenuItems: z.array(text()).default([]),
  epakRetentionDays: z.number().int().min(0).default(30),
  epakExpiryDays: z.number().int().min(0).default(0),
  geolocation: z.enum(GeolocationMode).default('OFF'),
  verification: z.enum(VerificationMode).default('OFF'),
  /** Email domains counted as internal users. */
  internalDomains: z.array(text()).default([]),
  recipientRules: RecipientRulesSchema.prefault({}),
  dateFormat: text().default(Limits.DEFAULT_DATE_FORMAT),
  /** A trial or licence end; past it every call answers -88. */
  licenseExpiresOn: z.iso.datetime().nullable().default(null),
  remoteSigning: RemoteSigningSettingsSchema.prefault({}),
  /**
   * Days after completion that a completed ePak is archived when it has no archival period of its
   * own (`PUT /v2/updateEpakArchivalPeriod`); null: such ePaks are never archived.
   */
  archivalPeriodDays: z.number().int().min(0).max(36_500).nullable().default(null),
  /** The tenant's announcement banner; null shows none. */
  announcement: TenantAnnouncementSchema.nullable().default(null),
  branding: BrandingSchema.prefault({}),
  /** Apart from `branding`, so saving the name or colour never has to send the logo back. */
  brandLogo: BrandLogoSchema.nullable().default(null),
  /** The Microsoft app for "From OneDrive" in compose; null offers no OneDrive. */
  oneDrive: OneDriveAppSchema.nullable().default(null),
});
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;
type TenantSettingsShape = typeof TenantSettingsSchema.shape;
/**
 * `PUT /v1/configuration`: any subset of the settings, each key sent replacing that setting whole.
 * Not `.partial()`: zod fills the defaults of keys left out even then, which would reset every
 * setting not sent; here a key left out stays out (a nested object sent still gets its defaults).
 */
export const TenantSettingsPatchSchema = z.object(
  Object.fromEntries(
    Object.entries(TenantSettingsSchema.shape).map(([key, field]) => [key, field.unwrap().optional()]),
  ) as { [K in keyof TenantSettingsShape]: z.ZodOptional<ReturnType<TenantSettingsShape[K]['unwrap']>> },
);
