import { z } from 'zod';
import { SuperAdminStatus } from '../statuses.ts';
import { EmailSchema } from './users.ts';

export const TenantStatus = ['active', 'disabled'] as const;

export const TenantSchema = z.object({
  tenantUuid: z.string(),
  tenantName: z.string(),
  status: z.enum(TenantStatus),
  createdOn: z.string(),
  userCount: z.number().int(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const CreateTenantSchema = z.object({
  tenantName: z.string().trim().min(2).max(200),
  adminEmail: EmailSchema,
  adminFirstName: z.string().trim().min(1).max(100),
  adminLastName: z.string().trim().min(1).max(100),
});
export const UpdateTenantSchema = z.object({ status: z.enum(TenantStatus) });
export const TenantPathSchema = z.object({ tenantId: z.uuid() });

export const SuperAdminSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(SuperAdminStatus),
});
export type SuperAdmin = z.infer<typeof SuperAdminSchema>;

export const RegisterSuperAdminSchema = z.object({
  email: EmailSchema,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export const UpdateSuperAdminStatusSchema = z.object({ userId: z.uuid(), status: z.enum(SuperAdminStatus) });

export const ActivityVerificationSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int(),
  headHash: z.string().nullable(),
  /** Sequence number of the first entry that fails, when not valid. */
  brokenAt: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type ActivityVerification = z.infer<typeof ActivityVerificationSchema>;
