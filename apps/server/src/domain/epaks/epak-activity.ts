import { activityOfEpak } from '../../db/repositories/activity.ts';
import { findDocuments } from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { visibleToTenant } from '../users/present-user.ts';
import { loadEpak } from './load-epak.ts';

export interface ActivityItem {
  seq: number;
  action: string;
  actorEmail: string | null;
  /** The actor's name as the tenant may see it (a profile they shared); absent without one. */
  actorName?: string;
  /** The name of the document the entry is about (`details.documentId`), when there is one. */
  documentName?: string;
  details: Record<string, unknown>;
  ip: string | null;
  at: string;
  hash: string;
}

const documentIdOf = (details: Record<string, unknown>): string | null =>
  typeof details.documentId === 'string' ? details.documentId : null;

/**
 * `GET /v2/epaks/{ePakId}/activity`: the ePak's entries of the tenant's hash-chained log, oldest
 * first, each with who acted (email, and name when their profile is shared with the tenant) and
 * the document it is about, so a person reads a sentence, not ids.
 */
export async function epakActivity(actor: Actor, epakId: string, deps: Deps): Promise<ActivityItem[]> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await loadEpak(tx, actor, epakId);
    const entries = await activityOfEpak(tx, epakId);
    const ids = [...new Set(entries.map((e) => e.actorUserId).filter((id): id is string => id !== null))];
    const people = new Map(
      (await findMembersByIds(tx, ids)).map((m) => {
        const shown = visibleToTenant(m.user, m.membership);
        return [m.user.id, { email: m.user.email, name: `${shown.firstName} ${shown.lastName}`.trim() }];
      }),
    );
    const docIds = [...new Set(entries.map((e) => documentIdOf(e.details)).filter((id) => id !== null))];
    // The ids come from this ePak's own entries; a document deleted since keeps its name.
    const documents = new Map((await findDocuments(tx, docIds)).map((d) => [d.id, d.name] as const));
    return entries.map((e) => {
      const person = e.actorUserId ? people.get(e.actorUserId) : undefined;
      const documentId = documentIdOf(e.details);
      const documentName =
        (documentId && documents.get(documentId)) ||
        (e.action === 'document.uploaded' && typeof e.details.name === 'string' ? e.details.name : '');
      return {
        seq: e.seq,
        action: e.action,
        actorEmail: person?.email ?? null,
        ...(person?.name ? { actorName: person.name } : {}),
        ...(documentName ? { documentName } : {}),
        details: e.details,
        ip: e.ip,
        at: e.createdAt.toISOString(),
        hash: e.hash,
      };
    });
  });
}
