import { activityOfEpak } from '../../db/repositories/activity.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { loadEpak } from './load-epak.ts';

export interface ActivityItem {
  seq: number;
  action: string;
  actorEmail: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  at: string;
  hash: string;
}

/** `GET /v2/epaks/{ePakId}/activity`: the ePak's entries of the tenant's hash-chained log, oldest first. */
export async function epakActivity(actor: Actor, epakId: string, deps: Deps): Promise<ActivityItem[]> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await loadEpak(tx, actor, epakId);
    const entries = await activityOfEpak(tx, epakId);
    const ids = [...new Set(entries.map((e) => e.actorUserId).filter((id): id is string => id !== null))];
    const people = new Map((await findMembersByIds(tx, ids)).map((m) => [m.user.id, m.user.email]));
    return entries.map((e) => ({
      seq: e.seq,
      action: e.action,
      actorEmail: e.actorUserId ? (people.get(e.actorUserId) ?? null) : null,
      details: e.details,
      ip: e.ip,
      at: e.createdAt.toISOString(),
      hash: e.hash,
    }));
  });
}
