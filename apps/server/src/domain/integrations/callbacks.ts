import type { CallbackDelivery } from '@signet/contracts';
import type { Logger } from 'pino';
import { isOutboundRefused, type OutboundClient } from '../../adapters/http/safe-http.ts';
import type { Executor } from '../../db/database.ts';
import { findEpak } from '../../db/repositories/epaks.ts';
import {
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
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

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

const FIRST_RETRY_SECONDS = 60;
/** The cap of the back-off: a dead endpoint is called four times a day until it answers. */
const LONGEST_RETRY_SECONDS = 6 * 3600;
/** A claimed delivery is not picked again for this long, even if its worker died mid-call. */
const CLAIM_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;
/**
 * Attempts after which a URL that never answered is given up: with the back-off the 13th comes
 * 26.5 h after the first, so an integration's server being down over a night is waited for.
 */
export const NO_ANSWER_ATTEMPTS = 13;

/** Seconds to wait after the n-th failed attempt: 1 min, 2 min, 4 min … at most 6 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_SECONDS);
}

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

/** What one call answered: the HTTP status, or why there was none. */
export interface CallbackOutcome {
  httpStatus: number | null;
  error: string | null;
}

export type CallbackSender = (url: string) => Promise<CallbackOutcome>;

/**
 * Calls through the outbound client (no redirects followed, refused addresses refused at connect).
 * The admin sees only "address not allowed" or "no answer": the reason in detail (connection
 * refused, DNS, timeout) would map the installation's network for them, so it goes to the log.
 */
export function callbackSender(outbound: OutboundClient, log: Logger): CallbackSender {
  return async (url) => {
    try {
      const res = await outbound.fetch(url, { method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { httpStatus: res.status, error: res.ok ? null : `answered ${res.status}` };
    } catch (error) {
      const refused = isOutboundRefused(error);
      log.info({ host: new URL(url).host, err: error }, 'callback got no answer');
      return { httpStatus: null, error: refused ? 'address not allowed' : 'no answer' };
    }
  };
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

/**
 * One pass of the `signet-callbacks` job: every due delivery is claimed (so no other worker
 * sends it), called outside any transaction, and its attempt recorded. `ended` counts the
 * deliveries given up because their ePak is gone or no longer has a callback URL.
 */
export async function deliverDueCallbacks(
  deps: Deps,
  send: CallbackSender = callbackSender(deps.outbound, deps.log),
  limit = 100,
): Promise<{ delivered: number; failed: number; ended: number }> {
  let delivered = 0;
  let failed = 0;
  let ended = 0;
  for (const due of await dueCallbackDeliveries(deps.db.system, deps.clock.now(), limit)) {
    const claimed = await deps.db.withTenant(due.tenantId, async (tx) => {
      const d = await lockCallbackDelivery(tx, due.id);
      if (d?.status !== 'Pending' || d.nextAttemptAt > deps.clock.now()) return null;
      // The ePak says where its callbacks go now: it may have been purged, or an admin may have
      // changed the URL while this delivery was on its way (followCallbackUrlChange).
      const url = (await findEpak(tx, d.epakId))?.callbackUrl;
      if (!url) {
        await updateCallbackDelivery(tx, d.id, { status: 'Failed' });
        return 'ended' as const;
      }
      await updateCallbackDelivery(tx, d.id, {
        url,
        nextAttemptAt: addSeconds(deps.clock.now(), CLAIM_SECONDS),
      });
      return { ...d, url };
    });
    if (claimed === 'ended') ended += 1;
    if (!claimed || claimed === 'ended') continue;
    const started = Date.now();
    const outcome = await send(callbackUrl(claimed));
    const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
    const attempts = claimed.attempts + 1;
    await deps.db.withTenant(due.tenantId, async (tx) => {
      const now = deps.clock.now();
      const givenUp =
        outcome.httpStatus === null &&
        attempts >= NO_ANSWER_ATTEMPTS &&
        !(await callbackUrlEverAnswered(tx, claimed.url));
      await insertCallbackAttempt(tx, {
        tenantId: due.tenantId,
        deliveryId: claimed.id,
        attemptedAt: now,
        httpStatus: outcome.httpStatus,
        error: ok
          ? null
          : givenUp
            ? `${outcome.error}: given up after ${attempts} attempts, this URL never answered`
            : outcome.error,
        durationMs: Date.now() - started,
      });
      await updateCallbackDelivery(tx, claimed.id, {
        attempts,
        status: ok ? 'Delivered' : givenUp ? 'Failed' : 'Pending',
        deliveredAt: ok ? now : null,
        nextAttemptAt: addSeconds(now, retryDelaySeconds(attempts)),
      });
    });
    if (ok) delivered += 1;
    else failed += 1;
  }
  return { delivered, failed, ended };
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
