import {
  archivalPeriodOverEpaks,
  dueReminders,
  dueSeals,
  expiredEpaks,
  purgeableEpaks,
  purgeEpak,
  referencedBlobs,
} from '../../db/repositories/due-work.ts';
import { findEpak, loadWorkflow, toMachine, updateEpak } from '../../db/repositories/epaks.ts';
import { recordSealFailure } from '../../db/repositories/sealing.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { applyEvent } from '../epaks/apply-event.ts';
import { sealCompletedEpak } from '../epaks/complete-epak.ts';
import type { LoadedEpak } from '../epaks/load-epak.ts';
import { sendRecipientReminder } from '../epaks/owner-actions.ts';

/**
 * The work of the scheduled jobs. Each function is idempotent — it acts on what is due now and
 * re-checks it inside the tenant's transaction — so a job run twice, or by two servers at once,
 * does the work once. Each returns how many items it handled.
 */

const BATCH = 200;
/** Deleted ePaks are kept this long before they are purged (DOMAIN.md). */
export const DELETED_RETENTION_DAYS = 30;
/**
 * An ePak whose archival period is over is archived and labelled ready to purge
 * (`archivalPeriodOver`); it is purged this many days later, as long as a deleted one is kept.
 */
export const READY_TO_PURGE_DAYS = DELETED_RETENTION_DAYS;
/** Seal attempts made with the timestamp authority; the next one seals without it. */
export const SEAL_TSA_ATTEMPTS = 5;
/** Longest wait between two seal attempts. */
const SEAL_RETRY_MAX_SECONDS = 3600;
/** A blob younger than this may belong to a transaction still committing: the sweep leaves it. */
export const BLOB_SWEEP_GRACE_MS = 60 * 60 * 1000;

/** The ePak as the workflow machine sees it, without an actor (the system acts). */
async function loadForSystem(tx: Parameters<typeof findEpak>[0], epakId: string): Promise<LoadedEpak | null> {
  const epak = await findEpak(tx, epakId, { lock: true });
  if (!epak) return null;
  const workflow = await loadWorkflow(tx, epakId);
  return { epak, workflow, machine: toMachine(epak.status, workflow), isOwner: false, mine: [] };
}

/** ePaks past their expiry date become Expired (recipients are told by the machine's effects). */
export async function expireDueEpaks(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let done = 0;
  for (const due of await expiredEpaks(deps.db.system, now, BATCH)) {
    await deps.db.withTenant(due.tenantId, async (tx) => {
      const loaded = await loadForSystem(tx, due.epakId);
      const expiredOn = loaded?.epak.expiredOn;
      if (!loaded || !expiredOn || expiredOn > now || !['InProgress', 'Stopped'].includes(loaded.epak.status))
        return;
      await applyEvent(
        tx,
        loaded,
        { type: 'expire' },
        { tenantId: due.tenantId, actorUserId: null, ip: null },
        deps,
      );
      await appendActivity(
        tx,
        {
          tenantId: due.tenantId,
          epakId: due.epakId,
          actorUserId: null,
          action: 'epak.expired',
          details: {},
          ip: null,
        },
        now,
      );
      done += 1;
    });
  }
  if (done > 0) deps.mailer.kick();
  return done;
}

/** Reminders to recipients still waiting (a fresh easy-sign link each time). */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let done = 0;
  for (const due of await dueReminders(deps.db.system, now, BATCH)) {
    await deps.db.withTenant(due.tenantId, async (tx) => {
      const loaded = await loadForSystem(tx, due.epakId);
      const recipient = loaded?.workflow.recipients.find((r) => r.id === due.recipientId);
      const step = loaded?.workflow.steps.find((s) => s.id === recipient?.stateId);
      // Checked again under the lock: another server may have just sent it, or the recipient acted.
      if (!loaded || !recipient || !step || step.status !== 'current') return;
      if (!['Pending', 'DelegatePending'].includes(recipient.status)) return;
      if (recipient.lastRemindedAt && recipient.lastRemindedAt.getTime() > now.getTime() - 60_000) return;
      await sendRecipientReminder(
        tx,
        loaded.epak,
        loaded.workflow.recipients,
        recipient,
        step.type,
        deps,
        null,
        null,
      );
      done += 1;
    });
  }
  if (done > 0) deps.mailer.kick();
  return done;
}

/**
 * ePaks deleted long enough ago, or past their retention date by the ready-to-purge window, are
 * removed with their documents.
 */
export async function purgeExpiredRetention(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let done = 0;
  const days = { deleted: DELETED_RETENTION_DAYS, readyToPurge: READY_TO_PURGE_DAYS };
  for (const due of await purgeableEpaks(deps.db.system, now, days, BATCH)) {
    await deps.db.systemTx(async (tx) => {
      if ((await purgeEpak(tx, due.epakId)) === 0) return;
      await appendActivity(
        tx,
        {
          tenantId: due.tenantId,
          epakId: due.epakId,
          actorUserId: null,
          action: 'epak.purged',
          details: { reason: due.reason },
          ip: null,
        },
        now,
      );
      done += 1;
    });
  }
  return done;
}

/**
 * Completed ePaks whose archival period is over (retention date reached) are archived: they
 * leave the Completed folder for Archived, refuse further changes (-47) and show
 * `archivalPeriodOver` — ready to purge, which `purgeExpiredRetention` does
 * `READY_TO_PURGE_DAYS` later. Until then the owner can still download them.
 */
export async function archiveOverdueEpaks(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let done = 0;
  for (const due of await archivalPeriodOverEpaks(deps.db.system, now, BATCH)) {
    await deps.db.withTenant(due.tenantId, async (tx) => {
      const loaded = await loadForSystem(tx, due.epakId);
      const retentionDate = loaded?.epak.retentionDate;
      if (loaded?.epak.status !== 'Completed' || !retentionDate || retentionDate > now) return;
      await applyEvent(
        tx,
        loaded,
        { type: 'archive' },
        { tenantId: due.tenantId, actorUserId: null, ip: null },
        deps,
      );
      await updateEpak(tx, due.epakId, { archivedOn: now });
      await appendActivity(
        tx,
        {
          tenantId: due.tenantId,
          epakId: due.epakId,
          actorUserId: null,
          action: 'epak.archived',
          details: { reason: 'archivalPeriodOver', retentionDate: retentionDate.toISOString() },
          ip: null,
        },
        now,
      );
      done += 1;
    });
  }
  return done;
}

/**
 * Seals completed ePaks that are owed it (`sealCompletedEpak`): their B-LTA document timestamps
 * and completion certificate. A failed ePak is tried again after 1, 2, 4 … minutes (at most an
 * hour apart); after `SEAL_TSA_ATTEMPTS` failures it is sealed without the timestamp authority,
 * so a TSA outage delays the download of a completed ePak but never blocks it for good.
 */
export async function sealCompletedEpaks(deps: Deps): Promise<{ sealed: number; failed: number }> {
  const now = deps.clock.now();
  let sealed = 0;
  let failed = 0;
  for (const due of await dueSeals(deps.db.system, now, BATCH)) {
    try {
      const result = await deps.db.withTenant(due.tenantId, (tx) =>
        sealCompletedEpak(tx, due.tenantId, due.epakId, deps, {
          timestamps: due.attempts < SEAL_TSA_ATTEMPTS,
        }),
      );
      if (result.sealed) sealed += 1;
    } catch (error) {
      failed += 1;
      const attempts = due.attempts + 1;
      const wait = Math.min(SEAL_RETRY_MAX_SECONDS, 60 * 2 ** (attempts - 1));
      deps.log.warn({ err: error, epakId: due.epakId, attempts }, 'sealing a completed ePak failed');
      await deps.db.withTenant(due.tenantId, (tx) =>
        recordSealFailure(tx, due.epakId, {
          attempts,
          retryAt: addSeconds(now, wait),
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }
  return { sealed, failed };
}

/**
 * Removes blobs nothing points to any more (purged ePaks, deleted letterheads, failed writes).
 * Blob ages are the store's own wall-clock times, so the grace period is measured against the
 * wall clock too, not the domain clock.
 */
export async function sweepBlobs(deps: Deps, graceMs = BLOB_SWEEP_GRACE_MS): Promise<number> {
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const used = await referencedBlobs(deps.db.system, batch);
    for (const hash of batch.filter((h) => !used.has(h))) {
      await deps.blobs.delete(hash);
      removed += 1;
    }
    batch = [];
  };
  for await (const blob of deps.blobs.list()) {
    if (blob.storedAt.getTime() > cutoff) continue;
    batch.push(blob.hash);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}
