import { revokeSession } from '../../db/repositories/accounts.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';

/** `POST /v1/logout`: ends the session; its access token then answers -7 and its refresh token fails. */
export async function signOut(actor: Actor, deps: Deps): Promise<{ ok: true }> {
  const now = deps.clock.now();
  await revokeSession(deps.db.system, actor.sessionId, 'logout', now);
  if (actor.tenantId) {
    const tenantId = actor.tenantId;
    await deps.db.withTenant(tenantId, (tx) =>
      appendActivity(tx, { tenantId, actorUserId: actor.userId, action: 'auth.signOut', ip: actor.ip }, now),
    );
  }
  return { ok: true };
}
