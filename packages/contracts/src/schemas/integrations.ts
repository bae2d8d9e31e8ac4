import { z } from 'zod';
import { IdSchema, NumberishSchema } from './envelope.ts';
import { text } from './text.ts';

/** Grants an OAuth client may use at `/public/token` (issue 7). */
export const OAuthGrant = ['password', 'refresh_token', 'authorization_code'] as const;
export type OAuthGrant = (typeof OAuthGrant)[number];

/** How long an authorization code may wait to be exchanged, and it works once. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 120;

/** An absolute http(s) URL: redirect URIs and callback URLs. */
export const HttpUrlSchema = text()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'Enter an http or https URL');

/** What an admin sets on a client, without defaults: an update changes only the fields it names. */
const OAuthClientSettingsSchema = z.object({
  name: text().trim().max(100),
  redirectUris: z.array(HttpUrlSchema).max(20),
  grants: z.array(z.enum(OAuthGrant)).min(1),
  callbackUrl: HttpUrlSchema.nullable(),
});
const settings = OAuthClientSettingsSchema.shape;

export const OAuthClientInputSchema = z.object({
  /** Of the admin's choosing; unique across Signet because the token endpoint is told nothing else. */
  clientId: text()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{3,100}$/, 'Use 3 to 100 letters, digits, dots, dashes, underscores or tildes'),
  name: settings.name.default(''),
  redirectUris: settings.redirectUris.default([]),
  grants: settings.grants.default(['password', 'refresh_token']),
  callbackUrl: settings.callbackUrl.default(null),
});
export type OAuthClientInput = z.infer<typeof OAuthClientInputSchema>;

/**
 * Changing a client; a new secret is issued only when asked for. (Zod 4 fills the defaults of a
 * `.partial()` schema, so deriving this from the input schema would reset what is not sent.)
 */
export const OAuthClientUpdateSchema = OAuthClientSettingsSchema.partial().extend({
  regenerateSecret: z.boolean().default(false),
});
export type OAuthClientUpdate = z.infer<typeof OAuthClientUpdateSchema>;

export const OAuthClientSchema = z.object({
  id: text(),
  clientId: text(),
  name: text(),
  redirectUris: z.array(text()),
  grants: z.array(z.enum(OAuthGrant)),
  callbackUrl: text().nullable(),
  createdOn: text(),
  /** Shown once, when the client is created or its secret regenerated; Signet keeps only a digest. */
  clientSecret: text().optional(),
});
export type OAuthClient = z.infer<typeof OAuthClientSchema>;

/** `POST /v1/oauth/authorize`: the signed-in user lets a registered client act for them. */
export const AuthorizeRequestSchema = z.object({
  redirect_uri: HttpUrlSchema,
  state: text().max(1000).optional(),
  /** Optional: without it, the tenant's client that registered `redirect_uri` is meant. */
  client_id: text().max(100).optional(),
});
export type AuthorizeRequest = z.infer<typeof AuthorizeRequestSchema>;

export const AuthorizeResponseSchema = z.object({
  /** `redirect_uri` with `code` and `state` added: where the browser goes next. */
  redirectTo: text(),
});

export const CallbackDeliveryStatus = ['Pending', 'Delivered', 'Failed'] as const;

export const CallbackAttemptSchema = z.object({
  attemptedOn: text(),
  httpStatus: z.number().int().nullable(),
  error: text().nullable(),
  durationMs: z.number().int(),
});

export const CallbackDeliverySchema = z.object({
  id: text(),
  ePakId: text(),
  url: text(),
  event: text(),
  ePakStatus: text(),
  status: z.enum(CallbackDeliveryStatus),
  attempts: z.array(CallbackAttemptSchema),
  nextAttemptOn: text().nullable(),
  createdOn: text(),
});
export type CallbackDelivery = z.infer<typeof CallbackDeliverySchema>;

export const CallbackListQuerySchema = z.object({
  pg: NumberishSchema.pipe(z.number().int().min(1)).default(1),
  size: NumberishSchema.pipe(z.number().int().min(1).max(100)).default(20),
  ePakId: IdSchema.optional(),
});

/** `GET /v2/epaks/easysignlinks/{ePakId}`, in the shape integrations read. */
export const EasySignLinksSchema = z.array(
  z.object({
    ePakId: text(),
    easySignInfo: z.array(
      z.object({
        userEmail: text(),
        easySignLink: text(),
        /** The recipient's status (spec §4), `Signed` once they have signed. */
        status: text(),
        stepOrder: z.number().int(),
        action: text(),
      }),
    ),
  }),
);
