import type { EasySignLinksSchema } from '@signet/contracts';
import type { z } from 'zod';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { issueEasySignLink } from './carry-out-effects.ts';
import { loadEpak, requireOwner } from './load-epak.ts';

/**
 * `GET /v2/epaks/easysignlinks/{ePakId}`: the owner's (or an admin's) view of each recipient's
 * easy-sign link, for integrations that hand the links out themselves. It is the same link the
 * recipient was mailed; it opens the signing view when it is their turn (else -42).
 */
export async function listEasySignLinks(
  actor: Actor,
  epakId: string,
  deps: Deps,
): Promise<z.infer<typeof EasySignLinksSchema>> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId);
    requireOwner(loaded, actor);
    const info = [];
    for (const step of loaded.workflow.steps) {
      if (step.type === 'EMAIL') continue;
      for (const r of loaded.workflow.recipients.filter((x) => x.stateId === step.id)) {
        info.push({
          userEmail: r.email,
          easySignLink: await issueEasySignLink(tx, r, deps),
          status: r.status,
          stepOrder: step.stepOrder,
          action: step.type,
        });
      }
    }
    return [{ ePakId: epakId, easySignInfo: info }];
  });
}
