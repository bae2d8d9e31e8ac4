import { documentsOfEpak, tagsOfEpak, versionsOf } from '../../db/repositories/epaks.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { CERTIFICATE_KIND } from './complete-epak.ts';
import { loadEpak, myTurn } from './load-epak.ts';
import { documentsFor, signDocument } from './sign-document.ts';

export interface BulkSignItem {
  ePakId: string;
  status: 'SIGNED' | 'SKIPPED';
  reason: string | null;
}

/**
 * `POST /v2/epaks/bulksign`: signs every given ePak the user can sign now with one signature,
 * each independently: SIGNED when all of the user's documents in it were signed, SKIPPED with
 * the reason otherwise (not their turn, a review step, required fields left empty, …).
 */
export async function bulkSign(
  actor: Actor,
  input: { ePakIds: string[]; signatureImage?: string | undefined; pin?: string | undefined },
  origin: RequestOrigin,
  deps: Deps,
): Promise<BulkSignItem[]> {
  authorizeInTenant(actor, 'epaks.act');
  const out: BulkSignItem[] = [];
  for (const ePakId of input.ePakIds) {
    try {
      const pending = await deps.db.withTenant(actor.tenantId, async (tx) => {
        const loaded = await loadEpak(tx, actor, ePakId);
        const turn = myTurn(loaded);
        if (!turn) return null;
        const step = loaded.workflow.steps.find((s) => s.id === turn.stateId);
        if (step?.type !== 'SIGN') return null;
        const docs = (await documentsOfEpak(tx, ePakId)).filter((d) => d.kind !== CERTIFICATE_KIND);
        const mine = documentsFor(
          turn.id,
          docs.map((d) => d.id),
          await tagsOfEpak(tx, ePakId),
        );
        const left: string[] = [];
        for (const d of mine)
          if (!(await versionsOf(tx, d)).some((v) => v.recipientId === turn.id)) left.push(d);
        return left;
      });
      if (!pending) {
        out.push({ ePakId, status: 'SKIPPED', reason: 'Not waiting for your signature' });
        continue;
      }
      for (const documentId of pending) {
        await signDocument(
          actor,
          ePakId,
          documentId,
          { tags: [], signatureImage: input.signatureImage, pin: input.pin },
          origin,
          deps,
        );
      }
      out.push({ ePakId, status: 'SIGNED', reason: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.push({ ePakId, status: 'SKIPPED', reason: error.message });
    }
  }
  return out;
}
