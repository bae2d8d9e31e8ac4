import type { CallbackDelivery } from '@signet/contracts';
import type { Logger } from 'pino';
import type { OutboundClient } from '../../adapters/http/safe-http.ts';
import type { Executor } from '../../db/database.ts';
import { findEpak } from '../../db/repositories/epaks.ts';
import {
  type CallbackDeliveryRow,
  callbackUrlEverAnswered,
  dueCallbackDeliveries,
  insertCallbackAttempt,
  insertCallbackDelivery,
  listCallbackDeliveries,
  listOAuthClients,
  lockCallbackDelivery,
  replaceEpakCallbackUrl,
  updateCallbackDelivery,
  updatePendingCallbacksTo,
} from '../../db/repositories/integrations.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { callOnce, type DeliveryKind, type DeliveryOutcome, deliverDue } from './retried-delivery.ts';

/**
 * Completion callbacks (issue 7): when an ePak with a callback URL completes, is rejected or
 * expires, a delivery is stored in the same transaction; a job calls the URL (GET with `ePakId`,
 * `status` and `event`) and retries with back-off until it answers 2xx, however long that takes:
 * an integration that is down for a week still learns what happened when it is back. Every
 * attempt is kept for the tenant admin, with the time of the next one.
 *
 * Retrying ends without a 2xx only when there is nothing left to report, no one to report it
 * to, or no one ever listened; the delivery is then `Failed` ("given up"):
 * - its ePak was purged (retention): the integration could no longer fetch anything about it;
 * - an admin removed the callback URL from the OAuth client, or removed the client (and no other
 *   client of the tenant has that URL). Changing the URL instead moves what is pending to the new
 *   one, tried at once. Either way the tenant's ePaks that would call the old URL follow;
 * - its URL never gave any HTTP answer — no connection, no DNS answer, an address Signet does not
 *   call, a timeout — in `NO_ANSWER_ATTEMPTS` attempts, and no delivery of the tenant to that URL
 *   was ever answered. An integration that once answered and is now down is still waited for.
 * Delivery is at least once: a receiver may see a call twice (a worker that died mid-call, a URL
 * changed while a call was on its way).
 */

/** The ePak statuses that call back, with the event name sent. */
export const CALLBACK_EVENTS: Readonly<Record<string, string>> = {
  Completed: 'completed',
  Rejected: 'rejected',
  Expired: 'expired',
};

// The retry rules are those of every delivery (retried-delivery.ts); tests read them here too.
export { NO_ANSWER_ATTEMPTS, retryDelaySeconds } from './retried-delivery.ts';

export async function queueEpakCallback(
  tx: Executor,
  epak: { tenantId: string; id: string; callbackUrl: string | null },
  status: string,
  now: Date,
): Promise<void> {
  const event = CALLBACK_EVENTS[status];
  if (!epak.callbackUrl || !event) return;
  await insertCallbackDelivery(tx, {
    tenantId: epak.tenantId,
    epakId: epak.id,
    url: epak.callbackUrl,
    event,
    epakStatus: status,
    nextAttemptAt: now,
  });
}

export type CallbackSender = (url: string) => Promise<DeliveryOutcome>;

/** Calls through the outbound client: a GET, nothing sent but the query. */
export function callbackSender(outbound: OutboundClient, log: Logger): CallbackSender {
  return (url) => callOnce(outbound, log, url, { method: 'GET' });
}

export function callbackUrl(d: { url: string; epakId: string; epakStatus: string; event: string }): string {
  const url = new URL(d.url);
  url.searchParams.set('ePakId', d.epakId);
  url.searchParams.set('status', d.epakStatus);
  url.searchParams.set('event', d.event);
  return url.toString();
}

/**
 * An admin changed or removed an OAuth client's callback URL, or removed the client (`to` null):
 * the tenant's ePaks and pending deliveries that would call the old URL call the new one — the
 * pending ones at once — or end. Nothing changes while another of the tenant's clients still
 * has the old URL. Runs in the admin's transaction, after the change.
 */
export async function followCallbackUrlChange(
  tx: Executor,
  from: string | null,
  to: string | null,
  now: Date,
): Promise<void> {
  if (!from || from === to) return;
  if ((await listOAuthClients(tx)).some((c) => c.callbackUrl === from)) return;
  await replaceEpakCallbackUrl(tx, from, to);
  // A new URL starts afresh: its own back-off, its own chance to answer.
  await updatePendingCallbacksTo(
    tx,
    from,
    to ? { url: to, nextAttemptAt: now, attempts: 0 } : { status: 'Failed' },
  );
}

/** Completion callbacks as one kind of retried delivery. */
function callbackDeliveries(send: CallbackSender): DeliveryKind<CallbackDeliveryRow, CallbackDeliveryRow> {
  return {
    due: dueCallbackDeliveries,
    lock: lockCallbackDelivery,
    async resolve(tx, d) {
      // The ePak says where its callbacks go now: it may have been purged, or an admin may have
      // changed the URL while this delivery was on its way (followCallbackUrlChange).
      const url = (await findEpak(tx, d.epakId))?.callbackUrl;
      if (!url) return null;
      if (url !== d.url) await updateCallbackDelivery(tx, d.id, { url });
      return { ...d, url };
    },
    send: (d) => send(callbackUrl(d)),
    everAnswered: (tx, d) => callbackUrlEverAnswered(tx, d.url),
    update: updateCallbackDelivery,
    insertAttempt: insertCallbackAttempt,
  };
}

/**
 * One pass of the `signet-callbacks` job (retried-delivery.ts). `ended` counts the deliveries
 * given up because their ePak is gone or no longer has a callback URL.
 */
export function deliverDueCallbacks(
  deps: Deps,
  send: CallbackSender = callbackSender(deps.outbound, deps.log),
  limit = 100,
): Promise<{ delivered: number; failed: number; ended: number }> {
  return deliverDue(deps, callbackDeliveries(send), limit);
}

/** `GET /v1/callbacks`: the tenant's deliveries, newest first, each with its attempts. */
export async function listCallbacks(
  actor: Actor,
  q: { pg: number; size: number; ePakId?: string | undefined },
  deps: Deps,
): Promise<{ data: CallbackDelivery[]; metadata: { totalCount: number; pg: number; pageSize: number } }> {
  authorizeInTenant(actor, 'integrations.manage');
  const page = await deps.db.withTenant(actor.tenantId, (tx) =>
    listCallbackDeliveries(tx, { epakId: q.ePakId, limit: q.size, offset: (q.pg - 1) * q.size }),
  );
  return {
    data: page.rows.map((d) => ({
      id: d.id,
      ePakId: d.epakId,
      url: d.url,
      event: d.event,
      ePakStatus: d.epakStatus,
      status: d.status as CallbackDelivery['status'],
      attempts: page.attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attemptedOn: a.attemptedAt.toISOString(),
          httpStatus: a.httpStatus,
          error: a.error,
          durationMs: a.durationMs,
        })),
      nextAttemptOn: d.status === 'Pending' ? d.nextAttemptAt.toISOString() : null,
      createdOn: d.createdAt.toISOString(),
    })),
    metadata: { totalCount: page.total, pg: q.pg, pageSize: q.size },
  };
}
