import { Code } from '@signet/contracts';
import { deleteTagsOf, reassignTags, updateEpak, updateRecipient } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { applyEvent } from './apply-event.ts';
import { requestAction } from './carry-out-effects.ts';
import { loadEpak, requireOwner } from './load-epak.ts';

/** `POST /v2/epak/status`: the owner stops a sent ePak, or resumes a stopped one. */
export async function updateEpakStatus(
  actor: Actor,
  epakId: string,
  status: 'Stopped' | 'InProgress',
  deps: Deps,
) {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    if (status === 'InProgress' && loaded.epak.status !== 'Stopped')
      throw new AppError(Code.INVALID_INPUT, 'Only a stopped ePak can be resumed');
    const applied = await applyEvent(
      tx,
      loaded,
      { type: status === 'Stopped' ? 'stop' : 'start' },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    return { status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}

/** `POST /v2/epak/{epakId}/archive`: a finished ePak moves to the Archived folder. */
export async function archiveEpak(actor: Actor, epakId: string, deps: Deps) {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    const applied = await applyEvent(
      tx,
      loaded,
      { type: 'archive' },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    await updateEpak(tx, epakId, { archivedOn: deps.clock.now() });
    return { status: applied.epak.status };
  });
}

/**
 * `DELETE /v2/epaks`: soft delete (deletedOn, deletedBy); the owner keeps them in the Deleted
 * folder until they are purged. A completed ePak stays until its retention date (-25).
 */
export async function deleteEpaks(actor: Actor, epakIds: string[], deps: Deps) {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  const now = deps.clock.now();
  return deps.db.withTenant(tenantId, async (tx) => {
    for (const epakId of epakIds) {
      const loaded = await loadEpak(tx, actor, epakId, { lock: true });
      requireOwner(loaded, actor);
      const retentionOver = loaded.epak.retentionDate !== null && loaded.epak.retentionDate <= now;
      const before = loaded.epak.status;
      await applyEvent(
        tx,
        loaded,
        { type: 'delete', retentionOver },
        { tenantId, actorUserId: actor.userId, ip: actor.ip },
        deps,
      );
      await updateEpak(tx, epakId, { deletedOn: now, deletedBy: actor.userId, statusBeforeDelete: before });
    }
    return { deleted: epakIds.length };
  });
}

/**
 * `PUT /v2/updateEpakArchivalPeriod/{ePakId}`: days a completed ePak is kept; its retention date
 * follows from the completion date (or, before completion, is set when it completes).
 */
export async function setArchivalPeriod(actor: Actor, epakId: string, days: number, deps: Deps) {
  authorizeInTenant(actor, 'epaks.compose');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    const from = loaded.epak.completedOn;
    const retentionDate = from ? addSeconds(from, days * 86_400) : null;
    await updateEpak(tx, epakId, { archivalPeriodDays: days, retentionDate, modifiedOn: deps.clock.now() });
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'epak.archivalPeriod',
        details: { days },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return { archivalPeriodDays: days, retentionDate: retentionDate?.toISOString() ?? null };
  });
}

/** `PUT /v2/epak/notif/date`: when reminders start (none before this date). */
export async function setNotificationDate(actor: Actor, epakId: string, date: string | null, deps: Deps) {
  authorizeInTenant(actor, 'epaks.compose');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    await updateEpak(tx, epakId, {
      notificationStartDate: date ? new Date(date) : null,
      modifiedOn: deps.clock.now(),
    });
    return { notificationStartDate: date };
  });
}

/**
 * `POST /v2/epaks/{ePakId}/user/{userId}/state/{state}/wforder/{wfOrderId}/reminder`: the owner
 * reminds a recipient whose turn it is (a fresh link by mail and a notification). `state` is
 * the step's id; `wfOrderId` its order, which must agree.
 */
export async function sendReminder(
  actor: Actor,
  epakId: string,
  userId: string,
  stateId: string,
  wfOrderId: number,
  deps: Deps,
) {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    if (loaded.epak.status !== 'InProgress')
      throw new AppError(Code.INVALID_INPUT, 'Only a sent ePak has anyone to remind');
    const step = loaded.workflow.steps.find((s) => s.id === stateId && s.stepOrder === wfOrderId);
    const recipient = loaded.workflow.recipients.find(
      (r) =>
        r.userId === userId &&
        r.stateId === stateId &&
        (r.status === 'Pending' || r.status === 'DelegatePending'),
    );
    if (step?.status !== 'current' || !recipient)
      throw new AppError(Code.USER_STEP_NOT_PENDING, 'That recipient is not waiting to act');
    await sendRecipientReminder(
      tx,
      loaded.epak,
      loaded.workflow.recipients,
      recipient,
      step.type,
      deps,
      actor.userId,
      actor.ip,
    );
    return { reminded: recipient.email };
  });
  deps.mailer.kick();
  return result;
}

/** One reminder: the request again, counted, logged. Used by the owner and by the reminder job. */
export async function sendRecipientReminder(
  tx: Parameters<typeof updateRecipient>[0],
  epak: Parameters<typeof requestAction>[1]['epak'],
  recipients: Parameters<typeof requestAction>[1]['recipients'],
  recipient: Parameters<typeof requestAction>[1]['recipients'][number],
  stepType: string,
  deps: Deps,
  actorUserId: string | null,
  ip: string | null,
): Promise<void> {
  const now = deps.clock.now();
  const ctx = { tenantId: epak.tenantId, epak, recipients, actorUserId, ip };
  await requestAction(tx, ctx, [recipient.id], stepType === 'REVIEW' ? 'review' : 'sign', deps, true);
  await updateRecipient(tx, recipient.id, {
    remindersSent: recipient.remindersSent + 1,
    lastRemindedAt: now,
  });
  await appendActivity(
    tx,
    {
      tenantId: epak.tenantId,
      epakId: epak.id,
      actorUserId,
      action: 'epak.reminded',
      details: { recipientId: recipient.id, email: recipient.email },
      ip,
    },
    now,
  );
}

/**
 * `POST /v1/epak/{ePakId}/deleteSigner`: the owner removes a recipient who has not acted. A step
 * left empty goes; the workflow moves on if the removal completes the current step.
 */
export async function deleteSigner(actor: Actor, epakId: string, recipientId: string, deps: Deps) {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    const removed = loaded.workflow.recipients.find((r) => r.id === recipientId);
    const applied = await applyEvent(
      tx,
      loaded,
      { type: 'removeRecipient', recipientId },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    // Their tags go with them; a removed delegate's tags return to the person who delegated.
    if (removed?.delegatedFromId) await reassignTags(tx, recipientId, removed.delegatedFromId);
    else await deleteTagsOf(tx, recipientId);
    return { status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}
