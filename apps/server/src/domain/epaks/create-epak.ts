import { Code, type CreateEpak, type EpakDetail, readableTitle } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findDocuments, insertEpak, updateDocument } from '../../db/repositories/epaks.ts';
import { findOAuthClientByClientId } from '../../db/repositories/integrations.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { requireCallableUrl } from '../integrations/callback-url.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireProvidersFor, signingPoliciesOf } from '../signing/providers/resolve-provider.ts';
import { putStampPaperOnEpak } from '../stamp-papers/epak-stamp-papers.ts';
import { copyTemplateDocuments, placeTemplateTags, resolveTemplates } from '../templates/apply-templates.ts';
import { writeWorkflow } from './build-workflow.ts';
import { getEpak } from './get-epak.ts';
import { securityCodeHash } from './security-code.ts';
import { withinOrNew } from './within-transaction.ts';

/** Binds library documents to an ePak, in order. -169 when one is already used by an ePak. */
export async function bindDocuments(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  documentIds: readonly string[],
) {
  const rows = await findDocuments(tx, [...documentIds]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [position, id] of documentIds.entries()) {
    const row = byId.get(id);
    if (!row || row.deletedAt || row.ownerId !== actor.userId) throw new AppError(Code.DOCUMENT_MISSING);
    if (row.epakId && row.epakId !== epakId)
      throw new AppError(Code.COMPOSE_DOCUMENT_USED, `${row.name} is already used in an ePak`);
    await updateDocument(tx, id, { epakId, position, status: 'Active' });
  }
  return documentIds.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** An integration's ePaks call back its client's URL unless they name their own. */
async function clientCallbackUrl(tx: Executor, actor: Actor): Promise<string | null> {
  if (!actor.oauthClientId) return null;
  return (await findOAuthClientByClientId(tx, actor.oauthClientId))?.callbackUrl ?? null;
}

/**
 * `POST /v2/epak`: a draft ePak from the composer's uploaded documents, with its workflow steps.
 * The subject defaults to the first document's name as words (`readableTitle`: no extension,
 * `offer_letter-final.pdf` → `offer letter final`).
 */
export async function createEpak(actor: Actor, input: CreateEpak, deps: Deps): Promise<EpakDetail> {
  return getEpak(actor, await createEpakIn(actor, input, deps), deps);
}

/**
 * `createEpak` answering only the new ePak's id, in the caller's transaction when one is given
 * (bulk compose creates, fills and sends each row's ePak and marks the row in one transaction).
 */
export async function createEpakIn(
  actor: Actor,
  input: CreateEpak,
  deps: Deps,
  within?: Executor,
): Promise<string> {
  authorizeInTenant(actor, 'epaks.compose');
  if (input.documentIds.length === 0 && !input.documentTemplateId) {
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Add at least one document');
  }
  await requireCallableUrl(input.callbackUrl, deps);
  const now = deps.clock.now();
  const tenantId = actor.tenantId;
  return withinOrNew(deps, tenantId, within, async (tx) => {
    const id = crypto.randomUUID();
    const [first] = await findDocuments(tx, input.documentIds.slice(0, 1));
    const fromTemplates = await resolveTemplates(tx, actor, input, now);
    // A remote policy without a provider here would leave the ePak stuck at its first signer.
    await requireProvidersFor(
      tx,
      tenantId,
      signingPoliciesOf(fromTemplates.steps, fromTemplates.signingPolicy),
      deps,
    );
    await insertEpak(tx, {
      id,
      tenantId,
      subject: fromTemplates.subject ?? (first ? readableTitle(first.name) : null) ?? 'Untitled',
      message: input.message,
      ownerId: actor.userId,
      status: 'Draft',
      signingPolicy: fromTemplates.signingPolicy,
      securityCodeHash: securityCodeHash(input.securityCode),
      viewEnforced: input.viewEnforced,
      requestLocation: input.requestLocation,
      tags: input.tags,
      comments: input.comments,
      workflowName: fromTemplates.workflowName,
      workflowTemplateId: fromTemplates.workflowTemplateId,
      reminderIntervalDays: fromTemplates.reminderIntervalDays,
      reminderMax: fromTemplates.reminderMax,
      expiredOn: fromTemplates.expiresOn,
      // The domain clock, like every other date of the ePak (statistics count creations by week).
      createdAt: now,
      modifiedOn: now,
      callbackUrl: input.callbackUrl ?? (await clientCallbackUrl(tx, actor)),
    });
    await bindDocuments(tx, actor, id, input.documentIds);
    await writeWorkflow(tx, actor, id, fromTemplates.steps, fromTemplates.signingPolicy);
    const template = fromTemplates.documentTemplate;
    if (template) {
      const copies = await copyTemplateDocuments(tx, actor, id, template.docs, input.documentIds.length);
      await placeTemplateTags(tx, actor, id, template.row.tags, copies, fromTemplates.slots);
    }
    // After the template's tags: they move one page on with the document's pages.
    if (input.stampPaper) await putStampPaperOnEpak(tx, actor, id, input.stampPaper, deps);
    await appendActivity(
      tx,
      {
        tenantId,
        epakId: id,
        actorUserId: actor.userId,
        action: 'epak.created',
        details: {
          documents: input.documentIds.length + (template?.docs.length ?? 0),
          steps: fromTemplates.steps.length,
          documentTemplateId: template?.row.id ?? null,
          workflowTemplateId: fromTemplates.workflowTemplateId,
        },
        ip: actor.ip,
      },
      now,
    );
    return id;
  });
}
