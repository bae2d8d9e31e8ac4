import type { Logger } from 'pino';
import { isOutboundRefused, type OutboundClient } from '../../adapters/http/safe-http.ts';
import type { Executor } from '../../db/database.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';

/**
 * The one retry machinery of what Signet owes a tenant-chosen URL — completion callbacks and
 * webhooks: when a delivery is due, how it is claimed, what counts as delivered, the back-off and
 * when it is given up. Each kind of delivery supplies its storage and its call (`DeliveryKind`).
 *
 * A due delivery is claimed under its row lock (skipped when another worker holds it) by moving
 * its next attempt `CLAIM_SECONDS` away, so no other worker sends it meanwhile, even one whose
 * claim died mid-call; the call runs outside any transaction; its attempt is recorded. A 2xx is
 * delivered; anything else is retried after 1, 2, 4 … minutes, at most 6 h apart, with no limit
 * for a destination that ever answered; one that never gave any HTTP answer is given up at its
 * `NO_ANSWER_ATTEMPTS`-th attempt. Delivery is at least once.
 */

const FIRST_RETRY_SECONDS = 60;
/** The cap of the back-off: a dead endpoint is called four times a day until it answers. */
const LONGEST_RETRY_SECONDS = 6 * 3600;
/** A claimed delivery is not picked again for this long, even if its worker died mid-call. */
const CLAIM_SECONDS = 5 * 60;
/** How long one call may take. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Attempts after which a destination that never answered is given up: with the back-off the 13th
 * comes 26.5 h after the first, so an integration's server being down over a night is waited for.
 */
export const NO_ANSWER_ATTEMPTS = 13;

/** Seconds to wait after the n-th failed attempt: 1 min, 2 min, 4 min … at most 6 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_SECONDS);
}

/** What one call answered: the HTTP status, or why there was none. */
export interface DeliveryOutcome {
  httpStatus: number | null;
  error: string | null;
}

export type DeliveryStatus = 'Pending' | 'Delivered' | 'Failed';

/** What every kind of delivery row has. */
export interface RetriedDeliveryRow {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
}

export interface DeliveryChanges {
  status?: DeliveryStatus;
  attempts?: number;
  nextAttemptAt?: Date;
  deliveredAt?: Date | null;
}

export interface AttemptRecord {
  tenantId: string;
  deliveryId: string;
  attemptedAt: Date;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One kind of delivery: its storage (in the tenant's transaction) and its call. */
export interface DeliveryKind<R extends RetriedDeliveryRow, D extends { id: string; attempts: number }> {
  /** Deliveries due now, across tenants (owner connection), oldest first. */
  due(db: Executor, now: Date, limit: number): Promise<{ tenantId: string; id: string }[]>;
  /** The delivery, locked for this transaction; null when another worker holds it. */
  lock(tx: Executor, id: string): Promise<R | null>;
  /**
   * What to send now, or null when there is no longer anything to report or no one to report it
   * to: the delivery is then given up without a call.
   */
  resolve(tx: Executor, row: R): Promise<D | null>;
  send(d: D): Promise<DeliveryOutcome>;
  /** Whether its destination ever gave an HTTP answer (to any delivery of the tenant's). */
  everAnswered(tx: Executor, d: D): Promise<boolean>;
  update(tx: Executor, id: string, changes: DeliveryChanges): Promise<void>;
  insertAttempt(tx: Executor, attempt: AttemptRecord): Promise<void>;
}

export type DeliveryResult = 'delivered' | 'failed' | 'ended';

/**
 * Claims one delivery, calls, records the attempt. Null when it was not due (or not Pending, or
 * claimed by another worker) by the time its lock was held.
 */
export async function deliverOne<R extends RetriedDeliveryRow, D extends { id: string; attempts: number }>(
  deps: Deps,
  kind: DeliveryKind<R, D>,
  tenantId: string,
  id: string,
): Promise<DeliveryResult | null> {
  const claimed = await deps.db.withTenant(tenantId, async (tx) => {
    const row = await kind.lock(tx, id);
    if (row?.status !== 'Pending' || row.nextAttemptAt > deps.clock.now()) return null;
    const d = await kind.resolve(tx, row);
    if (!d) {
      await kind.update(tx, row.id, { status: 'Failed' });
      return 'ended' as const;
    }
    await kind.update(tx, row.id, { nextAttemptAt: addSeconds(deps.clock.now(), CLAIM_SECONDS) });
    return d;
  });
  if (!claimed || claimed === 'ended') return claimed;
  const started = Date.now();
  const outcome = await kind.send(claimed);
  const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
  const attempts = claimed.attempts + 1;
  await deps.db.withTenant(tenantId, async (tx) => {
    const now = deps.clock.now();
    const givenUp =
      outcome.httpStatus === null &&
      attempts >= NO_ANSWER_ATTEMPTS &&
      !(await kind.everAnswered(tx, claimed));
    await kind.insertAttempt(tx, {
      tenantId,
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
    await kind.update(tx, claimed.id, {
      attempts,
      status: ok ? 'Delivered' : givenUp ? 'Failed' : 'Pending',
      deliveredAt: ok ? now : null,
      nextAttemptAt: addSeconds(now, retryDelaySeconds(attempts)),
    });
  });
  return ok ? 'delivered' : 'failed';
}

/** One pass of a delivery job: every due delivery, one after the other. */
export async function deliverDue<R extends RetriedDeliveryRow, D extends { id: string; attempts: number }>(
  deps: Deps,
  kind: DeliveryKind<R, D>,
  limit: number,
): Promise<{ delivered: number; failed: number; ended: number }> {
  const counts = { delivered: 0, failed: 0, ended: 0 };
  for (const due of await kind.due(deps.db.system, deps.clock.now(), limit)) {
    const result = await deliverOne(deps, kind, due.tenantId, due.id);
    if (result) counts[result] += 1;
  }
  return counts;
}

/**
 * One call through the outbound client (no redirects followed: the 3xx is the answer; refused
 * addresses refused at connect). The admin sees only "address not allowed" or "no answer": the
 * reason in detail (connection refused, DNS, timeout) would map the installation's network for
 * them, so it goes to the log.
 */
export async function callOnce(
  outbound: OutboundClient,
  log: Logger,
  url: string,
  init: RequestInit,
): Promise<DeliveryOutcome> {
  try {
    const res = await outbound.fetch(url, { ...init, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    return { httpStatus: res.status, error: res.ok ? null : `answered ${res.status}` };
  } catch (error) {
    const refused = isOutboundRefused(error);
    log.info({ host: new URL(url).host, err: error }, 'delivery got no answer');
    return { httpStatus: null, error: refused ? 'address not allowed' : 'no answer' };
  }
}
