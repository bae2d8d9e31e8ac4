import type { CallbackDelivery } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  dueCallbackDeliveries,
  insertCallbackAttempt,
  insertCallbackDelivery,
  listCallbackDeliveries,
  lockCallbackDelivery,
  updateCallbackDelivery,
} from '../../db/repositories/integrations.ts';
import type { Actor } from '../actor.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/**
 * Completion callbacks (issue 7): when an ePak with a callback URL completes, is rejected or
 * expires, a delivery is stored in the same transaction; a job calls the URL (GET with `ePakId`,
 * `status` and `event`) and retries with back-off until it answers 2xx. Every attempt is kept
 * for the tenant admin.
 */

/** The ePak statuses that call back, with the event name sent. */
export const CALLBACK_EVENTS: Readonly<Record<string, string>> = {
  Completed: 'completed',
  Rejected: 'rejected',
  Expired: 'expired',
};

/** Attempts before a delivery is given up (about a day and a half of back-off). */
export const CALLBACK_MAX_ATTEMPTS = 12;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 6 * 3600;
/** A claimed delivery is not picked again for this long, even if its worker died mid-call. */
const CLAIM_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;

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

export const sendCallback: CallbackSender = async (url) => {
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { httpStatus: res.status, error: res.ok ? null : `answered ${res.status}` };
  } catch (error) {
    return { httpStatus: null, error: error instanceof Error ? error.message : String(error) };
  }
};

export function callbackUrl(d: { url: string; epakId: string; epakStatus: string; event: string }): string {
  const url = new URL(d.url);
  url.searchParams.set('ePakId', d.epakId);
  url.searchParams.set('status', d.epakStatus);
  url.searchParams.set('event', d.event);
  return url.toString();
}

/**
 * One pass of the `signet-callbacks` job: every due delivery is claimed (so no other worker
 * sends it), called outside any transaction, and its attempt recorded.
 */
export async function deliverDueCallbacks(
  deps: Deps,
  send: CallbackSender = sendCallback,
  limit = 100,
): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  for (const due of await dueCallbackDeliveries(deps.db.system, deps.clock.now(), limit)) {
    const claimed = await deps.db.withTenant(due.tenantId, async (tx) => {
      const d = await lockCallbackDelivery(tx, due.id);
      if (d?.status !== 'Pending' || d.nextAttemptAt > deps.clock.now()) return null;
      await updateCallbackDelivery(tx, d.id, { nextAttemptAt: addSeconds(deps.clock.now(), CLAIM_SECONDS) });
      return d;
    });
    if (!claimed) continue;
    const started = Date.now();
    const outcome = await send(callbackUrl(claimed));
    const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
    const attempts = claimed.attempts + 1;
    await deps.db.withTenant(due.tenantId, async (tx) => {
      const now = deps.clock.now();
      await insertCallbackAttempt(tx, {
        tenantId: due.tenantId,
        deliveryId: claimed.id,
        attemptedAt: now,
        httpStatus: outcome.httpStatus,
        error: ok ? null : outcome.error,
        durationMs: Date.now() - started,
      });
      await updateCallbackDelivery(tx, claimed.id, {
        attempts,
        status: ok ? 'Delivered' : attempts >= CALLBACK_MAX_ATTEMPTS ? 'Failed' : 'Pending',
        deliveredAt: ok ? now : null,
        nextAttemptAt: addSeconds(now, retryDelaySeconds(attempts)),
      });
    });
    if (ok) delivered += 1;
    else failed += 1;
  }
  return { delivered, failed };
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
