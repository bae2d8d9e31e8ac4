import { z } from 'zod';
import { SuperAdminStatus } from '../statuses.ts';
import { text } from './text.ts';
import { EmailSchema } from './users.ts';

export const TenantStatus = ['active', 'disabled'] as const;

export const TenantSchema = z.object({
  tenantUuid: text(),
  tenantName: text(),
  status: z.enum(TenantStatus),
  createdOn: text(),
  userCount: z.number().int(),
  /** The tenant setting `licenseExpiresOn`: past it every call of its users answers -88; null is no end. */
  licenseExpiresOn: text().nullable(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const CreateTenantSchema = z.object({
  tenantName: text().trim().min(2).max(200),
  adminEmail: EmailSchema,
  adminFirstName: text().trim().min(1).max(100),
  adminLastName: text().trim().min(1).max(100),
});
/** `PUT /v2/tenants/{tenantId}`: any of status, name (-87 when taken) and licence end (null: none). */
export const UpdateTenantSchema = z
  .object({
    status: z.enum(TenantStatus).optional(),
    tenantName: text().trim().min(2).max(200).optional(),
    licenseExpiresOn: z.iso.datetime().nullable().optional(),
    /** The most custodians the tenant may have (code 100 past it); null is no limit. */
    custodianLimit: z.number().int().min(0).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change',
  });
export const TenantPathSchema = z.object({ tenantId: z.uuid() });

export const SuperAdminSchema = z.object({
  userId: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  status: z.enum(SuperAdminStatus),
});
export type SuperAdmin = z.infer<typeof SuperAdminSchema>;

export const RegisterSuperAdminSchema = z.object({
  email: EmailSchema,
  firstName: text().trim().min(1).max(100),
  lastName: text().trim().min(1).max(100),
});
export const UpdateSuperAdminStatusSchema = z.object({ userId: z.uuid(), status: z.enum(SuperAdminStatus) });

export const ActivityVerificationSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int(),
  headHash: text().nullable(),
  /** Sequence number of the first entry that fails, when not valid. */
  brokenAt: z.number().int().nullable(),
  reason: text().nullable(),
});
export type ActivityVerification = z.infer<typeof ActivityVerificationSchema>;

/**
 * The super admin's platform settings: whether anyone may sign up, and the terms a new tenant
 * starts with (whether a super admin creates it or someone signs up).
 */
export const PlatformSettingsSchema = z.object({
  signupAllowed: z.boolean(),
  /** A new tenant's licence ends this many days after it is created; null: no end. */
  newTenantLicenseDays: z.number().int().min(1).max(36_500).nullable(),
  /** A new tenant's custodian limit; null: no limit. */
  newTenantCustodianLimit: z.number().int().min(0).max(1_000_000).nullable(),
});
export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;
export const PlatformSettingsPatchSchema = PlatformSettingsSchema.partial().refine(
  (v) => Object.values(v).some((x) => x !== undefined),
  { message: 'Nothing to change' },
);
