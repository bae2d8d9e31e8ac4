import { z } from 'zod';
import type { TenantRole } from '../roles.ts';
import { TokenResponseSchema } from './auth.ts';
import { IdSchema } from './envelope.ts';
import { HttpUrlSchema } from './integrations.ts';
import { text } from './text.ts';

/**
 * OpenID Connect sign-in per tenant (issue 12): the admin's provider settings, the login page's
 * button and the two steps of a sign-in (start, then the provider's answer).
 */

/** Roles a provider's claim may give: never the owner's (`root`), which only a root grants. */
export const SsoMappableRole = [
  'admin',
  'custodian',
  'submitter',
  'signer',
  'registrar',
] as const satisfies readonly TenantRole[];
export type SsoMappableRole = (typeof SsoMappableRole)[number];
const MappableRoleSchema = z.enum(SsoMappableRole);

/** How long a started sign-in may take at the provider; the state works once. */
export const SSO_LOGIN_TTL_SECONDS = 600;

/** The path of the web app page the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/sso/callback';

export const SsoRoleMappingSchema = z.object({
  value: text().trim().min(1).max(200),
  role: MappableRoleSchema,
});
export type SsoRoleMapping = z.infer<typeof SsoRoleMappingSchema>;

const DomainSchema = text()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as example.com',
  );

/** What the admin saves. `clientSecret` absent keeps the stored one; null removes it (public client). */
export const SsoSettingsInputSchema = z.object({
  enabled: z.boolean(),
  displayName: text().trim().min(1).max(60),
  issuer: HttpUrlSchema,
  clientId: text().trim().min(1).max(200),
  clientSecret: text().min(1).max(2000).nullable().optional(),
  scopes: text()
    .trim()
    .max(500)
    .refine((v) => v.split(/\s+/).includes('openid'), 'The scopes must include openid'),
  roleClaim: text().trim().min(1).max(100).nullable(),
  roleMapping: z.array(SsoRoleMappingSchema).max(50),
  defaultRole: MappableRoleSchema,
  justInTime: z.boolean(),
  allowedDomains: z.array(DomainSchema).max(50),
});
export type SsoSettingsInput = z.infer<typeof SsoSettingsInputSchema>;

/** The settings as answered: the secret is never answered, only whether one is kept. */
export const SsoSettingsSchema = SsoSettingsInputSchema.omit({ clientSecret: true }).extend({
  hasClientSecret: z.boolean(),
  updatedOn: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** `GET /v1/sso`: the tenant's provider, or null when none is set up, with the redirect URI to register. */
export const SsoSettingsAnswerSchema = z.object({
  settings: SsoSettingsSchema.nullable(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
  /** The login page link that offers this tenant's provider. */
  signInUrl: z.string(),
});
export type SsoSettingsAnswer = z.infer<typeof SsoSettingsAnswerSchema>;

/** `GET /public/sso/{tenantId}`: what the login page shows; null for no provider (or no such tenant). */
export const SsoButtonSchema = z.object({ providerName: z.string().nullable() });
export type SsoButton = z.infer<typeof SsoButtonSchema>;

export const SsoTenantPathSchema = z.object({ tenantId: IdSchema });

export const SsoStartInputSchema = z.object({
  tenantId: IdSchema,
  /** A page of the app to open after signing in. */
  next: text().max(2000).nullable().optional(),
});
export type SsoStartInput = z.infer<typeof SsoStartInputSchema>;

export const SsoStartAnswerSchema = z.object({ authorizationUrl: z.string() });

/** The provider's answer as the callback page received it in its query string. */
export const SsoCallbackInputSchema = z.object({
  state: text().min(1).max(500),
  code: text().max(4000).optional(),
  iss: text().max(2000).optional(),
  error: text().max(200).optional(),
  error_description: text().max(2000).optional(),
});
export type SsoCallbackInput = z.infer<typeof SsoCallbackInputSchema>;

/** A finished sign-in: the ordinary session answer, and the page to open. */
export const SsoSignedInSchema = TokenResponseSchema.extend({ next: z.string().nullable() });

/**
 * The data of -1201: the provider vouched for an address whose Signet account is not yet bound to
 * it in this tenant. The person confirms once with the account's password (`POST /public/sso/link`).
 */
export const SsoLinkRequiredSchema = z.object({
  reason: z.literal('confirmLink'),
  linkToken: z.string(),
  email: z.string(),
  providerName: z.string(),
});
export type SsoLinkRequired = z.infer<typeof SsoLinkRequiredSchema>;

/** The password confirmation that binds the provider's account to the Signet account. */
export const SsoLinkInputSchema = z.object({
  linkToken: text().min(1).max(200),
  password: z.string().min(1).max(1000),
});
export type SsoLinkInput = z.infer<typeof SsoLinkInputSchema>;
