import { z } from 'zod';
import { UiView } from '../ui.ts';
import { BrandingViewSchema } from './branding.ts';
import { OneDriveConfigurationSchema } from './onedrive.ts';
import {
  FeatureFlagsSchema,
  PasswordPolicySchema,
  RecipientRulesSchema,
  TenantAnnouncementSchema,
} from './settings.ts';
import { text } from './text.ts';

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
  branding: BrandingViewSchema,
  /** "From OneDrive" in compose: the tenant's Microsoft app and where to sign in and pick; null: none. */
  oneDrive: OneDriveConfigurationSchema.nullable(),
  session: z.object({
    uistokenexpiresin: z.number().int(),
    notificationPath: text(),
    notificationTransports: z.array(text()),
    webNotificationTimeoutMs: z.number().int(),
  }),
});
export type TenantConfiguration = z.infer<typeof TenantConfigurationSchema>;

export const PasswordPolicyQuerySchema = z.object({ tenantId: z.uuid().optional() });

export const AccessibilitiesQuerySchema = z.object({
  /** The installed mobile app asks with `true`: reports are not offered there (spec §2). */
  mobileApp: z.stringbool().optional(),
});

/**
 * `GET /v1/accessibilities`: what the signed-in user may open and do in the current tenant — the
 * routes of spec §6, the menus of spec §2 after the tenant's switches, and the permissions the
 * server enforces — so a client builds its navigation from the same rules the web app uses.
 */
export const AccessibilitiesSchema = z.object({
  role: text(),
  routes: z.array(text()),
  topMenu: z.array(text()),
  composeMenu: z.array(text()),
  adminMenu: z.array(text()),
  permissions: z.array(text()),
});
export type Accessibilities = z.infer<typeof AccessibilitiesSchema>;

/** `POST /public/ui/switch`: a form post (from a page of the classic view, a portal, a mail). */
export const UiSwitchBodySchema = z.object({
  view: z.enum(UiView).default('new'),
  /** Where to land, a path of this site; anything else lands on the dashboard. */
  redirect: text().max(2000).optional(),
});
