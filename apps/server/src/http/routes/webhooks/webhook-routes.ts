import {
  IdSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookInputSchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@signet/contracts';
import { z } from 'zod';
import {
  listDeliveries,
  resendDelivery,
  sendTestEvent,
} from '../../../domain/webhooks/webhook-deliveries.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  updateWebhook,
} from '../../../domain/webhooks/webhook-subscriptions.ts';
import { defineRoute, withMetadata } from '../../route.ts';

const tags = ['Webhooks'];
const WebhookPath = z.object({ id: IdSchema });

/** Webhook subscriptions of the tenant and their delivery logs (admin; issue 12). */
export const webhookRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v2/webhooks',
    operationId: 'listWebhooks',
    auth: 'user',
    summary: 'The tenant’s webhook subscriptions (admin)',
    tags,
    response: z.array(WebhookSchema),
    handler: ({ actor, deps }) => listWebhooks(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/webhooks',
    operationId: 'createWebhook',
    auth: 'user',
    summary: 'Subscribes a URL to ePak events; its signing secret is answered this once (admin)',
    tags,
    body: WebhookInputSchema,
    response: WebhookSchema,
    handler: ({ body, actor, deps }) => createWebhook(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/webhooks/:id',
    operationId: 'updateWebhook',
    auth: 'user',
    summary: 'Changes a webhook subscription; regenerateSecret answers a new secret once (admin)',
    tags,
    params: WebhookPath,
    body: WebhookUpdateSchema,
    response: WebhookSchema,
    handler: ({ params, body, actor, deps }) => updateWebhook(actor, params.id, body, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/webhooks/:id',
    operationId: 'deleteWebhook',
    auth: 'user',
    summary: 'Removes a webhook subscription with its delivery log (admin)',
    tags,
    params: WebhookPath,
    response: z.object({ deleted: z.boolean() }),
    handler: async ({ params, actor, deps }) => {
      await deleteWebhook(actor, params.id, deps);
      return { deleted: true };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    auth: 'user',
    summary: 'A webhook’s deliveries, newest first, with every attempt (admin)',
    tags,
    params: WebhookPath,
    querystring: WebhookDeliveryQuerySchema,
    response: z.array(WebhookDeliverySchema),
    metadata: z.object({ totalCount: z.number().int(), pg: z.number().int(), pageSize: z.number().int() }),
    handler: async ({ params, query, actor, deps }) => {
      const page = await listDeliveries(actor, params.id, query, deps);
      return withMetadata(page.data, page.metadata);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/webhooks/:id/deliveries/:deliveryId/resend',
    operationId: 'resendWebhookDelivery',
    auth: 'user',
    summary: 'Sends a delivery again now, whatever its status; answers it with the new attempt (admin)',
    tags,
    params: z.object({ id: IdSchema, deliveryId: IdSchema }),
    response: WebhookDeliverySchema,
    errors: [409],
    handler: ({ params, actor, deps }) => resendDelivery(actor, params.id, params.deliveryId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/webhooks/:id/test',
    operationId: 'sendWebhookTestEvent',
    auth: 'user',
    summary: 'Sends a test event to this webhook now; answers the delivery with its attempt (admin)',
    tags,
    params: WebhookPath,
    response: WebhookDeliverySchema,
    errors: [409],
    handler: ({ params, actor, deps }) => sendTestEvent(actor, params.id, deps),
  }),
];
