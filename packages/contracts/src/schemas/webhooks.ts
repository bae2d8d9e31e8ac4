import { z } from 'zod';
import { NumberishSchema } from './envelope.ts';
import { HttpUrlSchema } from './integrations.ts';
import { text } from './text.ts';

/**
 * Webhooks (issue 12): a tenant's admin subscribes URLs to ePak events. Each delivery is a POST
 * of JSON signed with the subscription's secret (`Signet-Signature: t=<unix>,v1=<hex>`, an
 * HMAC-SHA256 of `<t>.<body>`), retried like completion callbacks.
 */

/** The ePak events a subscription may choose. */
export const WebhookEvent = [
  'sent',
  'viewed',
  'signed',
  'rejected',
  'completed',
  'expired',
  'deleted',
] as const;
export type WebhookEvent = (typeof WebhookEvent)[number];

/** The event of "Send test event": sent to one subscription on request, whatever it chose. */
export const WEBHOOK_TEST_EVENT = 'test';

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Signet-Signature',
  event: 'Signet-Event',
  delivery: 'Signet-Delivery',
} as const;

export const WebhookDeliveryStatus = ['Pending', 'Delivered', 'Failed'] as const;
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[number];

const WebhookSettingsSchema = z.object({
  url: HttpUrlSchema,
  events: z.array(z.enum(WebhookEvent)).min(1, 'Choose at least one event').max(WebhookEvent.length),
  description: text().trim().max(200),
  enabled: z.boolean(),
});
const settings = WebhookSettingsSchema.shape;

export const WebhookInputSchema = z.object({
  url: settings.url,
  events: settings.events,
  description: settings.description.default(''),
  enabled: settings.enabled.default(true),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

/**
 * Changing a subscription: only the fields sent change (no defaults, see OAuthClientUpdateSchema);
 * `regenerateSecret` answers a new secret once and the old one stops signing at once.
 */
export const WebhookUpdateSchema = WebhookSettingsSchema.partial().extend({
  regenerateSecret: z.boolean().default(false),
});
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: text(),
  url: text(),
  events: z.array(z.enum(WebhookEvent)),
  description: text(),
  enabled: z.boolean(),
  createdOn: text(),
  /** Shown once, when the subscription is created or its secret regenerated. */
  secret: text().optional(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookAttemptSchema = z.object({
  attemptedOn: text(),
  /** The HTTP status answered, or null when there was no answer. */
  httpStatus: z.number().int().nullable(),
  error: text().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: text(),
  /** The event's id (the body's `id`): the same on every retry and resend. */
  eventId: text(),
  event: text(),
  ePakId: text().nullable(),
  status: z.enum(WebhookDeliveryStatus),
  attempts: z.array(WebhookAttemptSchema),
  /** While Pending: when the next attempt is due. */
  nextAttemptOn: text().nullable(),
  createdOn: text(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryQuerySchema = z.object({
  pg: NumberishSchema.pipe(z.number().int().min(1)).default(1),
  size: NumberishSchema.pipe(z.number().int().min(1).max(100)).default(20),
});

/** The JSON body of a delivery. No document content: ids, statuses, who and when. */
export const WebhookPayloadSchema = z.object({
  id: text(),
  event: text(),
  occurredAt: text(),
  tenantId: text(),
  ePak: z.object({ id: text(), status: text() }).nullable(),
  /** The signed-in user who caused the event; null for the system (expiry) and tests. */
  actor: z.object({ userId: text() }).nullable(),
  /** The recipient the event is about (viewed, signed, rejected), else null. */
  recipient: z.object({ id: text(), email: text() }).nullable(),
  /** The document a `viewed` event is about, else null. */
  documentId: text().nullable(),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
