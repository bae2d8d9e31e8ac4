import { Code, SINGLE_SIGNATURE_TAG_POLICIES, type SigningPolicy } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  documentsOfEpak,
  type RecipientRow,
  type StepRow,
  tagsOfEpak,
  updateEpak,
} from '../../db/repositories/epaks.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireProvidersFor, signingPoliciesOf } from '../signing/providers/resolve-provider.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { applyEvent } from './apply-event.ts';
import { loadEpak, requireOwner } from './load-epak.ts';
import { withinOrNew } from './within-transaction.ts';

const SIGNING_STEPS = new Set(['SIGN', 'INPERSONSIGN']);

/**
 * What must hold before an ePak is sent: documents, and for every signer a signature tag (-62),
 * only one under the policies that allow one (spec §5).
 */
export function checkReadyToSend(
  loaded: {
    workflow: {
      steps: readonly Pick<StepRow, 'id' | 'type' | 'stepOrder' | 'signingPolicy'>[];
      recipients: readonly Pick<RecipientRow, 'id' | 'stateId' | 'email' | 'signingPolicy'>[];
    };
  },
  docs: { id: string }[],
  tags: { recipientId: string | null; type: string; key: string }[],
) {
  if (docs.length === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Add at least one document');
  for (const step of loaded.workflow.steps.filter((s) => SIGNING_STEPS.has(s.type))) {
    for (const r of loaded.workflow.recipients.filter((x) => x.stateId === step.id)) {
      const signatures = tags.filter(
        (t) => t.recipientId === r.id && t.type === 'signature' && t.key !== 'rubberStamp',
      );
      if (signatures.length === 0)
        throw new AppError(
          Code.SIGNATURE_TAG_NOT_FOUND,
          `${r.email} has no signature tag (step ${step.stepOrder})`,
        );
      const policy = (r.signingPolicy ?? step.signingPolicy) as SigningPolicy;
      if (signatures.length > 1 && SINGLE_SIGNATURE_TAG_POLICIES.includes(policy)) {
        throw new AppError(
          Code.INVALID_INPUT,
          `${policy} allows one signature tag per signer; ${r.email} has ${signatures.length}`,
        );
      }
    }
  }
}

/** `POST /v2/epaks/{ePakId}/start`: sends a draft (or resumes a stopped ePak). */
export async function startEpak(
  actor: Actor,
  epakId: string,
  deps: Deps,
  /** The caller's transaction (bulk compose); the mail then goes when the caller kicks the mailer. */
  within?: Executor,
): Promise<{ status: string }> {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  const result = await withinOrNew(deps, tenantId, within, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    // Checked again at every start: the tenant may have turned a provider off since compose.
    const { steps, recipients } = loaded.workflow;
    const open = steps
      .filter((s) => s.status !== 'done')
      .map((s) => ({ ...s, recipients: recipients.filter((r) => r.stateId === s.id) }));
    await requireProvidersFor(
      tx,
      tenantId,
      signingPoliciesOf(open, loaded.epak.signingPolicy as SigningPolicy),
      deps,
    );
    const now = deps.clock.now();
    if (loaded.epak.status === 'Draft') {
      checkReadyToSend(loaded, await documentsOfEpak(tx, epakId), await tagsOfEpak(tx, epakId));
      const settings = readTenantSettings((await findTenant(tx, tenantId))?.settings);
      const expiredOn =
        loaded.epak.expiredOn ??
        (settings.epakExpiryDays > 0 ? addSeconds(now, settings.epakExpiryDays * 86_400) : null);
      if (expiredOn && expiredOn <= now) throw new AppError(Code.INVALID_INPUT, 'The expiry date has passed');
      await updateEpak(tx, epakId, { sentOn: now, expiredOn });
    }
    const applied = await applyEvent(
      tx,
      loaded,
      { type: 'start' },
      { tenantId, actorUserId: actor.userId, ip: actor.ip, language: actor.language },
      deps,
    );
    return { status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}
