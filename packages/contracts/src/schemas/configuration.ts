import { z } from 'zod';
import {
  FeatureFlagsSchema,
  PasswordPolicySchema,
  RecipientRulesSchema,
  TenantAnnouncementSchema,
} from './settings.ts';
import { text } from './text.ts';

export const SUPPORTED_LANGUAGES = ['en', 'hi', 'fr'] as const;

export const AnnouncementSchema = z.object({ text: text(), startTime: text(), endTime: text() });

/** `GET /public/configuration`: what the sign-in page needs before anyone is signed in. */
export const PublicConfigurationSchema = z.object({
  appName: text(),
  version: text(),
  languages: z.array(text()),
  defaultLanguage: text(),
  allowSignup: z.boolean(),
  rememberMe: z.boolean(),
  loginImages: z.boolean(),
  announcement: AnnouncementSchema.nullable(),
});
export type PublicConfiguration = z.infer<typeof PublicConfigurationSchema>;

/** `GET /v1/configuration`: the signed-in user's tenant settings and session parameters. */
export const TenantConfigurationSchema = z.object({
  tenantUuid: text().nullable(),
  tenantName: text().nullable(),
  languages: z.array(text()),
  dateFormat: text(),
  features: FeatureFlagsSchema,
  hiddenMenuItems: z.array(text()),
  passwordPolicy: PasswordPolicySchema,
  twoFactor: z.boolean(),
  epakExpiryDays: z.number().int(),
  epakRetentionDays: z.number().int(),
  geolocation: text(),
  internalDomains: z.array(text()),
  recipientRules: RecipientRulesSchema,
  /** Default archival period of completed ePaks without one of their own; null: none. */
  archivalPeriodDays: z.number().int().nullable(),
  /** The tenant's own announcement banner (admins set it in the settings tab). */
  announcement: TenantAnnouncementSchema.nullable(),
  session: z.object({
    uistokenexpiresin: z.number().int(),
    notificationPath: text(),
    notificationTransports: z.array(text()),
    webNotificationTimeoutMs: z.number().int(),
  }),
});
export type TenantConfiguration = z.infer<typeof TenantConfigurationSchema>;

export const PasswordPolicyQuerySchema = z.object({ tenantId: z.uuid().optional() });
