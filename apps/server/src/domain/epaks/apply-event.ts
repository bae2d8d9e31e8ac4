import type { Executor } from '../../db/database.ts';
import { type RecipientRow, saveMachine, updateEpak } from '../../db/repositories/epaks.ts';
import type { Language } from '../auth/language.ts';
import type { Deps } from '../deps.ts';
import { followEpakStatus } from '../stamp-papers/epak-stamp-papers.ts';
import { queueWebhookEvents, webhookEventsOf } from '../webhooks/webhook-events.ts';
import { carryOutEffects } from './carry-out-effects.ts';
import type { LoadedEpak } from './load-epak.ts';
import { progressPercent, transition, type WorkflowEvent } from './workflow-machine.ts';

/**
 * Runs one workflow event on a loaded (and locked) ePak: the machine decides, the result is
 * saved, and its effects are carried out in the same transaction.
 */
export async function applyEvent(
  tx: Executor,
  loaded: LoadedEpak,
  event: WorkflowEvent,
  ctx: {
    tenantId: string;
    actorUserId: string | null;
    ip: string | null;
    extraRecipients?: RecipientRow[];
    language?: Language;
  },
  deps: Deps,
) {
  const result = transition(loaded.machine, event);
  await saveMachine(tx, loaded.machine, result.epak);
  const now = deps.clock.now();
  const current = result.epak.steps.find((s) => s.status === 'current');
  const completed = result.epak.status === 'Completed';
  await updateEpak(tx, loaded.epak.id, {
    status: result.epak.status,
    currentStepOrder: current?.order ?? null,
    progressPercent: progressPercent(result.epak),
    modifiedOn: now,
    ...(completed && !loaded.epak.completedOn ? { completedOn: now } : {}),
  });
  if (result.epak.status !== loaded.epak.status)
    await followEpakStatus(
      tx,
      { tenantId: ctx.tenantId, epakId: loaded.epak.id, actorUserId: ctx.actorUserId, ip: ctx.ip },
      result.epak.status,
      now,
    );
  const epak = { ...loaded.epak, status: result.epak.status };
  const recipients = [...loaded.workflow.recipients, ...(ctx.extraRecipients ?? [])];
  await carryOutEffects(
    tx,
    {
      tenantId: ctx.tenantId,
      epak,
      recipients,
      actorUserId: ctx.actorUserId,
      ip: ctx.ip,
      language: ctx.language,
    },
    result.effects,
    deps,
  );
  await queueWebhookEvents(
    tx,
    { tenantId: ctx.tenantId, epak, actorUserId: ctx.actorUserId, recipients },
    webhookEventsOf(event, result.effects),
    now,
  );
  return result;
}
