import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookPayload } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { insertWebhookDeliveries, subscribersOf } from '../../db/repositories/webhooks.ts';
import type { WorkflowEffect, WorkflowEvent } from '../epaks/workflow-machine.ts';

/**
 * Which webhook events a workflow transition makes, in the order they happened. A recipient's
 * signature is one `signed` (their action, whatever the number of documents), before the
 * `completed` it may cause; a resumed ePak (Stopped → InProgress) is not `sent` again.
 */
export function webhookEventsOf(
  event: WorkflowEvent,
  effects: readonly WorkflowEffect[],
): { event: WebhookEvent; recipientId: string | null }[] {
  const out: { event: WebhookEvent; recipientId: string | null }[] = [];
  if (event.type === 'act' && event.action === 'sign')
    out.push({ event: 'signed', recipientId: event.recipientId });
  for (const effect of effects) {
    if (effect.type !== 'statusChanged') continue;
    if (effect.to === 'InProgress' && effect.from === 'Draft') out.push({ event: 'sent', recipientId: null });
    if (effect.to === 'Completed') out.push({ event: 'completed', recipientId: null });
    if (effect.to === 'Rejected')
      out.push({ event: 'rejected', recipientId: event.type === 'reject' ? event.recipientId : null });
    if (effect.to === 'Expired') out.push({ event: 'expired', recipientId: null });
    if (effect.to === 'Deleted') out.push({ event: 'deleted', recipientId: null });
  }
  return out;
}

export interface EpakEventSource {
  tenantId: string;
  epak: { id: string; status: string };
  actorUserId: string | null;
  recipients: readonly { id: string; email: string }[];
}

/** The body of one event: ids, statuses, who and when — never a document's content or subject. */
export function webhookBody(p: WebhookPayload): string {
  return JSON.stringify({
    id: p.id,
    event: p.event,
    occurredAt: p.occurredAt,
    tenantId: p.tenantId,
    ePak: p.ePak,
    actor: p.actor,
    recipient: p.recipient,
    documentId: p.documentId,
  });
}

/**
 * Stores a delivery of each event for every enabled subscription of the tenant that chose it,
 * in the caller's transaction (the one that changed the ePak): the event is owed exactly when the
 * change is committed. The job is woken on commit.
 */
export async function queueWebhookEvents(
  tx: Executor,
  source: EpakEventSource,
  events: readonly { event: WebhookEvent; recipientId: string | null; documentId?: string }[],
  now: Date,
): Promise<void> {
  for (const [i, e] of events.entries()) {
    const subscribers = await subscribersOf(tx, e.event);
    if (subscribers.length === 0) continue;
    const recipient = e.recipientId ? source.recipients.find((r) => r.id === e.recipientId) : undefined;
    const eventId = randomUUID();
    const body = webhookBody({
      id: eventId,
      event: e.event,
      occurredAt: now.toISOString(),
      tenantId: source.tenantId,
      ePak: { id: source.epak.id, status: source.epak.status },
      actor: source.actorUserId ? { userId: source.actorUserId } : null,
      recipient: recipient ? { id: recipient.id, email: recipient.email } : null,
      documentId: e.documentId ?? null,
    });
    await insertWebhookDeliveries(
      tx,
      subscribers.map((s) => ({
        tenantId: source.tenantId,
        subscriptionId: s.id,
        eventId,
        event: e.event,
        epakId: source.epak.id,
        body,
        nextAttemptAt: now,
        // Events of one transition share its clock time; a millisecond apart keeps their order in the log.
        createdAt: new Date(now.getTime() + i),
      })),
    );
  }
}
