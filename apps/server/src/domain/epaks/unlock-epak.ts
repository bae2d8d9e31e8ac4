import { setFlags } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { loadEpak } from './load-epak.ts';
import { checkSecurityCode } from './security-code.ts';

/**
 * `POST /v2/epaks/{ePakId}/unlock`: a signed-in recipient enters the ePak's security code once;
 * from then on it opens for them (-12 when wrong; every wrong try is in the activity log).
 */
export async function unlockEpak(
  actor: Actor,
  epakId: string,
  securityCode: string,
  deps: Deps,
): Promise<{ unlocked: boolean }> {
  authorizeInTenant(actor, 'epaks.read');
  const tenantId = actor.tenantId;
  const wrong = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { allowLocked: true });
    const hash = loaded.epak.securityCodeHash;
    if (!hash) return null;
    try {
      checkSecurityCode(securityCode, hash);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    await setFlags(tx, tenantId, epakId, actor.userId, { unlocked: true });
    return null;
  });
  if (wrong) {
    // Recorded in its own transaction: the refusal must not roll its own trace back.
    await deps.db.withTenant(tenantId, (tx) =>
      appendActivity(
        tx,
        { tenantId, epakId, actorUserId: actor.userId, action: 'epak.code.wrong', details: {}, ip: actor.ip },
        deps.clock.now(),
      ),
    );
    throw wrong;
  }
  return { unlocked: true };
}
