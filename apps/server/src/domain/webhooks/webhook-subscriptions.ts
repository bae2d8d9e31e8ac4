import { randomUUID } from 'node:crypto';
import type { Webhook, WebhookEvent, WebhookInput, WebhookUpdate } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteWebhookSubscription,
  insertWebhookSubscription,
  listWebhookSubscriptions,
  updatePendingWebhookDeliveries,
  updateWebhookSubscription,
  type WebhookSubscriptionRow,
} from '../../db/repositories/webhooks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { requireCallableUrl } from '../integrations/callback-url.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireSubscription } from './webhook-deliveries.ts';
import { sealSecret } from './webhook-secret.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/**
 * A tenant's webhook subscriptions (issue 12), kept by its admins: a URL, the events it is told
 * about, a description, on or off, and a signing secret answered once (on creation and on
 * `regenerateSecret`; the old one stops signing at once). The URL is checked like a callback
 * URL when set (-6 for loopback, private and reserved addresses), and again at every call.
 */

function present(row: WebhookSubscriptionRow, secret?: string): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    enabled: row.enabled,
    createdOn: row.createdAt.toISOString(),
    ...(secret ? { secret } : {}),
  };
}

function log(tx: Executor, actor: TenantActor, action: string, details: Record<string, unknown>, deps: Deps) {
  return appendActivity(
    tx,
    { tenantId: actor.tenantId, actorUserId: actor.userId, action, details, ip: actor.ip },
    deps.clock.now(),
  );
}

/** `GET /v2/webhooks` */
export async function listWebhooks(actor: Actor, deps: Deps): Promise<Webhook[]> {
  authorizeInTenant(actor, 'webhooks.manage');
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => listWebhookSubscriptions(tx));
  return rows.map((r) => present(r));
}

/** `POST /v2/webhooks`: answers the secret this once. */
export async function createWebhook(actor: Actor, input: WebhookInput, deps: Deps): Promise<Webhook> {
  authorizeInTenant(actor, 'webhooks.manage');
  await requireCallableUrl(input.url, deps, 'webhook URL');
  const ids = { tenantId: actor.tenantId, id: randomUUID() };
  const secret = newWebhookSecret();
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const now = deps.clock.now();
    const row = await insertWebhookSubscription(tx, {
      ...ids,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description,
      enabled: input.enabled,
      secretSealed: sealSecret(deps, ids, secret),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await log(tx, actor, 'webhook.created', { webhookId: row.id, url: row.url, events: row.events }, deps);
    return present(row, secret);
  });
}

/**
 * `PUT /v2/webhooks/{id}`: changes only what is sent. A new URL takes the pending deliveries with
 * it, due at once and with a fresh back-off, as a callback URL change does.
 */
export async function updateWebhook(
  actor: Actor,
  id: string,
  input: WebhookUpdate,
  deps: Deps,
): Promise<Webhook> {
  authorizeInTenant(actor, 'webhooks.manage');
  await requireCallableUrl(input.url, deps, 'webhook URL');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const before = await requireSubscription(tx, id);
    const now = deps.clock.now();
    const secret = input.regenerateSecret ? newWebhookSecret() : undefined;
    const { regenerateSecret: _, ...changes } = input;
    const row = await updateWebhookSubscription(tx, id, {
      ...changes,
      ...(changes.events ? { events: [...new Set(changes.events)] } : {}),
      ...(secret ? { secretSealed: sealSecret(deps, before, secret) } : {}),
      updatedAt: now,
    });
    if (!row) throw new Error('webhook vanished');
    if (row.url !== before.url)
      await updatePendingWebhookDeliveries(tx, id, { nextAttemptAt: now, attempts: 0 });
    await log(
      tx,
      actor,
      'webhook.updated',
      { webhookId: id, changed: Object.keys(changes), newSecret: Boolean(secret) },
      deps,
    );
    return present(row, secret);
  });
}

/** `DELETE /v2/webhooks/{id}`: the subscription and its delivery log. */
export async function deleteWebhook(actor: Actor, id: string, deps: Deps): Promise<void> {
  authorizeInTenant(actor, 'webhooks.manage');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const row = await requireSubscription(tx, id);
    await deleteWebhookSubscription(tx, id);
    await log(tx, actor, 'webhook.deleted', { webhookId: id, url: row.url }, deps);
  });
}
