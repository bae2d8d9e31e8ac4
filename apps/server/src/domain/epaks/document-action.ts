import { Code } from '@signet/contracts';
import { documentActionsOf, recordDocumentAction } from '../../db/repositories/document-actions.ts';
import { documentsOfEpak, updateRecipient } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { applyEvent } from './apply-event.ts';
import { announceComment } from './carry-out-effects.ts';
import { CERTIFICATE_KIND } from './complete-epak.ts';
import { loadEpak, myTurn } from './load-epak.ts';

export const DocumentAction = ['viewed', 'reviewed'] as const;
export type DocumentAction = (typeof DocumentAction)[number];

/**
 * `PUT /v2/epak/{epakId}/document/{documentId}/{action}`: a recipient whose turn it is records
 * that they viewed a document (needed before signing when the ePak enforces viewing) or, in a
 * REVIEW step, reviewed it. Reviewing the last document completes their review. A reviewer's
 * `comment` goes to the custodian (`reviewerComments`, and a mail).
 */
export async function documentAction(
  actor: Actor,
  epakId: string,
  documentId: string,
  action: DocumentAction,
  origin: RequestOrigin,
  deps: Deps,
  comment?: string,
): Promise<{ recorded: true; actionDone: boolean; status: string }> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const turn = myTurn(loaded);
    if (!turn) throw new AppError(Code.USER_STEP_NOT_PENDING);
    const docs = (await documentsOfEpak(tx, epakId)).filter((d) => d.kind !== CERTIFICATE_KIND);
    if (!docs.some((d) => d.id === documentId)) throw new AppError(Code.DOCUMENT_MISSING);
    const step = loaded.workflow.steps.find((s) => s.id === turn.stateId);
    if (action === 'reviewed' && step?.type !== 'REVIEW')
      throw new AppError(Code.INVALID_INPUT, 'This step asks for a signature, not a review');
    const now = deps.clock.now();
    const first = await recordDocumentAction(tx, {
      tenantId,
      recipientId: turn.id,
      documentId,
      action,
      at: now,
    });
    if (first && action === 'viewed')
      await queueWebhookEvents(
        tx,
        { tenantId, epak: loaded.epak, actorUserId: actor.userId, recipients: loaded.workflow.recipients },
        [{ event: 'viewed', recipientId: turn.id, documentId }],
        now,
      );
    await appendActivity(
      tx,
      {
        tenantId,
        epakId,
        actorUserId: actor.userId,
        action: `document.${action}`,
        details: { documentId, recipientId: turn.id },
        ip: actor.ip,
      },
      now,
    );
    if (action !== 'reviewed')
      return { recorded: true as const, actionDone: false, status: loaded.epak.status };
    await announceComment(tx, loaded, turn, comment, actor, deps);
    const reviewed = await documentActionsOf(tx, turn.id, 'reviewed');
    if (docs.some((d) => !reviewed.has(d.id)))
      return { recorded: true as const, actionDone: false, status: loaded.epak.status };
    await updateRecipient(tx, turn.id, {
      actedAt: now,
      actedIp: origin.ip,
      actedUserAgent: origin.userAgent,
    });
    const applied = await applyEvent(
      tx,
      loaded,
      { type: 'act', recipientId: turn.id, action: 'review' },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    return { recorded: true as const, actionDone: true, status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}
