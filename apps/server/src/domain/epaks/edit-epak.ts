import { Code, type EditEpak, type EpakDetail } from '@signet/contracts';
import { deleteWorkflow, documentsOfEpak, updateDocument, updateEpak } from '../../db/repositories/epaks.ts';
import type { epaks } from '../../db/schema/index.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireProvidersFor, signingPoliciesOf } from '../signing/providers/resolve-provider.ts';
import { releaseDocumentPaper } from '../stamp-papers/epak-stamp-papers.ts';
import { writeWorkflow } from './build-workflow.ts';
import { bindDocuments } from './create-epak.ts';
import { getEpak } from './get-epak.ts';
import { loadEpak, requireOwner } from './load-epak.ts';
import { securityCodeHash } from './security-code.ts';

/** Fields that may still change once the ePak is sent. */
const AFTER_SEND = new Set([
  'ePakId',
  'subject',
  'message',
  'expiresOn',
  'reminderIntervalDays',
  'reminderMax',
  'tags',
  'comments',
]);

/**
 * `POST /v2/epak/edit`: a draft changes freely (documents and steps are replaced when given);
 * a sent or stopped ePak only its subject, message, expiry, reminders, tags and comments.
 */
export async function editEpak(actor: Actor, input: EditEpak, deps: Deps): Promise<EpakDetail> {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, input.ePakId, { lock: true });
    requireOwner(loaded, actor);
    const status = loaded.epak.status;
    if (status !== 'Draft') {
      if (status !== 'InProgress' && status !== 'Stopped')
        throw new AppError(Code.INVALID_INPUT, `A ${status} ePak cannot be edited`);
      const refused = Object.entries(input)
        .filter(([k, v]) => v !== undefined && !AFTER_SEND.has(k))
        .map(([k]) => k);
      if (refused.length > 0)
        throw new AppError(Code.INVALID_INPUT, `Once sent, these cannot change: ${refused.join(', ')}`);
    }
    const now = deps.clock.now();
    if (input.expiresOn && new Date(input.expiresOn) <= now)
      throw new AppError(Code.INVALID_INPUT, 'The expiry date has passed');
    const change: Partial<typeof epaks.$inferInsert> = { modifiedOn: now };
    if (input.subject !== undefined) change.subject = input.subject;
    if (input.message !== undefined) change.message = input.message;
    if (input.signingPolicy !== undefined) change.signingPolicy = input.signingPolicy;
    if (input.expiresOn !== undefined) change.expiredOn = input.expiresOn ? new Date(input.expiresOn) : null;
    if (input.reminderIntervalDays !== undefined) change.reminderIntervalDays = input.reminderIntervalDays;
    if (input.reminderMax !== undefined) change.reminderMax = input.reminderMax;
    if (input.tags !== undefined) change.tags = input.tags;
    if (input.securityCode !== undefined) change.securityCodeHash = securityCodeHash(input.securityCode);
    if (input.viewEnforced !== undefined) change.viewEnforced = input.viewEnforced;
    if (input.requestLocation !== undefined) change.requestLocation = input.requestLocation;
    if (input.workflowName !== undefined) change.workflowName = input.workflowName;
    if (input.comments !== undefined) change.comments = input.comments;
    await updateEpak(tx, input.ePakId, change);
    if (input.documentIds) {
      for (const d of await documentsOfEpak(tx, input.ePakId)) {
        if (!input.documentIds.includes(d.id)) {
          await updateDocument(tx, d.id, { epakId: null, status: 'Uploaded' });
          await releaseDocumentPaper(
            tx,
            { tenantId, epakId: input.ePakId, actorUserId: actor.userId, ip: actor.ip },
            d.id,
            now,
          );
        }
      }
      await bindDocuments(tx, actor, input.ePakId, input.documentIds);
    }
    if (input.steps) {
      // Tags belong to recipients, who are replaced with the steps: the composer places them again.
      const policy = input.signingPolicy ?? (loaded.epak.signingPolicy as never);
      await requireProvidersFor(tx, tenantId, signingPoliciesOf(input.steps, policy), deps);
      await deleteWorkflow(tx, input.ePakId);
      await writeWorkflow(
        tx,
        actor,
        input.ePakId,
        input.steps,
        input.signingPolicy ?? (loaded.epak.signingPolicy as never),
      );
    }
    await appendActivity(
      tx,
      {
        tenantId,
        epakId: input.ePakId,
        actorUserId: actor.userId,
        action: 'epak.edited',
        details: { fields: Object.keys(input).filter((k) => k !== 'ePakId') },
        ip: actor.ip,
      },
      now,
    );
  });
  return getEpak(actor, input.ePakId, deps);
}
