import { randomUUID } from 'node:crypto';
import { Code, WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT, type WebhookDelivery } from '@signet/contracts';
import {
  attemptsOf,
  dueWebhookDeliveries,
  findWebhookDelivery,
  findWebhookSubscription,
  insertWebhookAttempt,
  insertWebhookDeliveries,
  listWebhookDeliveries,
  lockWebhookDelivery,
  updateWebhookDelivery,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
  webhookEverAnswered,
} from '../../db/repositories/webhooks.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import {
  callOnce,
  type DeliveryKind,
  type DeliveryOutcome,
  deliverDue,
  deliverOne,
} from '../integrations/retried-delivery.ts';
import { authorizeInTenant } from '../policy.ts';
import { webhookBody } from './webhook-events.ts';
import { openSecret } from './webhook-secret.ts';
import { webhookSignature } from './webhook-signature.ts';

/**
 * Sending webhook deliveries: each is POSTed as JSON with its signature, retried by the machinery
 * of completion callbacks (retried-delivery.ts). A delivery is given up without a call when its
 * subscription is disabled by the time it is due (no one to report it to); re-enabling does not
 * revive it, a resend does.
 */

/** What one call needs: where, with which secret, what. */
export interface WebhookCall {
  id: string;
  attempts: number;
  subscriptionId: string;
  url: string;
  secret: string;
  event: string;
  body: string;
}

export type WebhookSender = (call: WebhookCall) => Promise<DeliveryOutcome>;

/** POSTs the body through the outbound client, signed at the moment of the call. */
export function webhookSender(deps: Pick<Deps, 'outbound' | 'log' | 'clock'>): WebhookSender {
  return (c) =>
    callOnce(deps.outbound, deps.log, c.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Signet-Webhooks/1',
        [WEBHOOK_HEADERS.signature]: webhookSignature(
          c.secret,
          c.body,
          Math.floor(deps.clock.now().getTime() / 1000),
        ),
        [WEBHOOK_HEADERS.event]: c.event,
        [WEBHOOK_HEADERS.delivery]: c.id,
      },
      body: c.body,
    });
}

function webhookDeliveries(deps: Deps, send: WebhookSender): DeliveryKind<WebhookDeliveryRow, WebhookCall> {
  return {
    due: dueWebhookDeliveries,
    lock: lockWebhookDelivery,
    async resolve(tx, d) {
      const sub = await findWebhookSubscription(tx, d.subscriptionId);
      if (!sub?.enabled) return null;
      return {
        id: d.id,
        attempts: d.attempts,
        subscriptionId: sub.id,
        url: sub.url,
        secret: openSecret(deps, sub),
        event: d.event,
        body: d.body,
      };
    },
    send,
    everAnswered: (tx, d) => webhookEverAnswered(tx, d.subscriptionId),
    update: updateWebhookDelivery,
    insertAttempt: insertWebhookAttempt,
  };
}

/** One pass of the `signet-webhooks` job. */
export function deliverDueWebhooks(
  deps: Deps,
  send: WebhookSender = webhookSender(deps),
  limit = 100,
): Promise<{ delivered: number; failed: number; ended: number }> {
  return deliverDue(deps, webhookDeliveries(deps, send), limit);
}

function present(d: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: d.id,
    eventId: d.eventId,
    event: d.event,
    ePakId: d.epakId,
    status: d.status as WebhookDelivery['status'],
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attemptedOn: a.attemptedAt.toISOString(),
        httpStatus: a.httpStatus,
        error: a.error,
        durationMs: a.durationMs,
      })),
    nextAttemptOn: d.status === 'Pending' ? d.nextAttemptAt.toISOString() : null,
    createdOn: d.createdAt.toISOString(),
  };
}

const noSuchWebhook = () =>
  new AppError(Code.GENERIC_ERROR, 'The webhook does not exist', { httpStatus: 404 });

export async function requireSubscription(
  tx: Parameters<typeof findWebhookSubscription>[0],
  id: string,
): Promise<WebhookSubscriptionRow> {
  const sub = await findWebhookSubscription(tx, id);
  if (!sub) throw noSuchWebhook();
  return sub;
}

/** `GET /v2/webhooks/{id}/deliveries`: the subscription's delivery log, newest first. */
export async function listDeliveries(
  actor: Actor,
  subscriptionId: string,
  q: { pg: number; size: number },
  deps: Deps,
): Promise<{ data: WebhookDelivery[]; metadata: { totalCount: number; pg: number; pageSize: number } }> {
  authorizeInTenant(actor, 'webhooks.manage');
  const page = await deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireSubscription(tx, subscriptionId);
    return listWebhookDeliveries(tx, { subscriptionId, limit: q.size, offset: (q.pg - 1) * q.size });
  });
  return {
    data: page.rows.map((d) => present(d, page.attempts)),
    metadata: { totalCount: page.total, pg: q.pg, pageSize: q.size },
  };
}

/** Sends one delivery now, through the machinery, and answers it as the log shows it. */
async function sendNow(
  actor: Actor & { tenantId: string },
  deliveryId: string,
  deps: Deps,
  send: WebhookSender,
): Promise<WebhookDelivery> {
  await deliverOne(deps, webhookDeliveries(deps, send), actor.tenantId, deliveryId);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const d = await findWebhookDelivery(tx, deliveryId);
    if (!d) throw new AppError(Code.GENERIC_ERROR, 'The delivery does not exist', { httpStatus: 404 });
    return present(d, await attemptsOf(tx, [d]));
  });
}

function requireEnabled(sub: WebhookSubscriptionRow): void {
  if (!sub.enabled)
    throw new AppError(Code.GENERIC_ERROR, 'This webhook is disabled: enable it to send to it', {
      httpStatus: 409,
    });
}

/**
 * `POST /v2/webhooks/{id}/deliveries/{deliveryId}/resend`: a fresh attempt now, whatever the
 * delivery's status (a given-up or delivered one too). The delivery starts afresh — its own
 * back-off and give-up count — with the same body and event id, so a receiver that already has
 * it can tell.
 */
export async function resendDelivery(
  actor: Actor,
  subscriptionId: string,
  deliveryId: string,
  deps: Deps,
  send: WebhookSender = webhookSender(deps),
): Promise<WebhookDelivery> {
  authorizeInTenant(actor, 'webhooks.manage');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    requireEnabled(await requireSubscription(tx, subscriptionId));
    const d = await findWebhookDelivery(tx, deliveryId);
    if (d?.subscriptionId !== subscriptionId)
      throw new AppError(Code.GENERIC_ERROR, 'The delivery does not exist', { httpStatus: 404 });
    await updateWebhookDelivery(tx, deliveryId, {
      status: 'Pending',
      attempts: 0,
      nextAttemptAt: deps.clock.now(),
      deliveredAt: null,
    });
  });
  return sendNow(actor, deliveryId, deps, send);
}

/**
 * `POST /v2/webhooks/{id}/test`: a `test` event to this subscription only, sent now and then
 * retried like any other, so the admin sees in the log whether the receiver answers.
 */
export async function sendTestEvent(
  actor: Actor,
  subscriptionId: string,
  deps: Deps,
  send: WebhookSender = webhookSender(deps),
): Promise<WebhookDelivery> {
  authorizeInTenant(actor, 'webhooks.manage');
  const tenantId = actor.tenantId;
  const created = await deps.db.withTenant(tenantId, async (tx) => {
    requireEnabled(await requireSubscription(tx, subscriptionId));
    const now = deps.clock.now();
    const eventId = randomUUID();
    const [row] = await insertWebhookDeliveries(tx, [
      {
        tenantId,
        subscriptionId,
        eventId,
        event: WEBHOOK_TEST_EVENT,
        epakId: null,
        body: webhookBody({
          id: eventId,
          event: WEBHOOK_TEST_EVENT,
          occurredAt: now.toISOString(),
          tenantId,
          ePak: null,
          actor: { userId: actor.userId },
          recipient: null,
          documentId: null,
        }),
        nextAttemptAt: now,
        createdAt: now,
      },
    ]);
    if (!row) throw new Error('test delivery insert returned nothing');
    return row;
  });
  return sendNow(actor, created.id, deps, send);
}
