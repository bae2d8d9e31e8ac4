import { z } from 'zod';
import { FeatureFlagsSchema, PasswordPolicySchema, RecipientRulesSchema } from './settings.ts';

export const SUPPORTED_LANGUAGES = ['en', 'hi', 'fr'] as const;

export const AnnouncementSchema = z.object({ text: z.string(), startTime: z.string(), endTime: z.string() });

/** `GET /public/configuration`: what the sign-in page needs before anyone is signed in. */
export const PublicConfigurationSchema = z.object({
  appName: z.string(),
  version: z.string(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  allowSignup: z.boolean(),
  rememberMe: z.boolean(),
  loginImages: z.boolean(),
  announcement: AnnouncementSchema.nullable(),
});
export type PublicConfiguration = z.infer<typeof PublicConfigurationSchema>;

/** `GET /v1/configuration`: the signed-in user's tenant settings and session parameters. */
export const TenantConfigurationSchema = z.object({
  tenantUuid: z.string().nullable(),
  tenantName: z.string().nullable(),
  languages: z.array(z.string()),
  dateFormat: z.string(),
  features: FeatureFlagsSchema,
  hiddenMenuItems: z.array(z.string()),
  passwordPolicy: PasswordPolicySchema,
  twoFactor: z.boolean(),
  epakExpiryDays: z.number().int(),
  epakRetentionDays: z.number().int(),
  geolocation: z.string(),
  internalDomains: z.array(z.string()),
  recipientRules: RecipientRulesSchema,
  session: z.object({
    uistokenexpiresin: z.number().int(),
    notificationPath: z.string(),
    notificationTransports: z.array(z.string()),
    webNotificationTimeoutMs: z.number().int(),
  }),
});
export type TenantConfiguration = z.infer<typeof TenantConfigurationSchema>;

export const PasswordPolicyQuerySchema = z.object({ tenantId: z.uuid().optional() });
