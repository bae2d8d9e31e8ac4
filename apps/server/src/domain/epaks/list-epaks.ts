import {
  Code,
  type EpakListMetadata,
  type EpakListQuery,
  type EpakSummary,
  FILTER_KEY_SEARCH_KEYS,
} from '@signet/contracts';
import { listEpaks as listRows, parseSearch } from '../../db/repositories/epak-list.ts';
import { flagsOf, setFlags } from '../../db/repositories/epaks.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { loadEpak } from './load-epak.ts';
import { presentListed } from './present-epak.ts';

/**
 * `GET /v2/epaks`: one page of a folder (spec §4 folders, computed per user), sorted and
 * filtered by the global search (spec §2), with every folder's count for the folder list.
 */
export async function listEpaks(
  actor: Actor,
  q: EpakListQuery,
  deps: Deps,
): Promise<{ data: EpakSummary[]; metadata: EpakListMetadata }> {
  authorizeInTenant(actor, 'epaks.list');
  // `filterKey`/`filter` are older integrations' names for `searchKey`/`searchVal`.
  const search = q.filterKey
    ? parseSearch(FILTER_KEY_SEARCH_KEYS[q.filterKey], q.filter)
    : parseSearch(q.searchKey, q.searchVal);
  if (!search) throw new AppError(Code.INVALID_INPUT, 'Dates are searched as YYYY-MM-DD');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const page = await listRows(tx, {
      userId: actor.userId,
      scope: q.role ? { role: q.role } : { folder: q.folder },
      search,
      starredOnly: q.starred === 'true',
      sortColumn: q.sortColumn,
      descending: q.sort.toUpperCase() === 'DESC',
      limit: q.size,
      offset: (q.pg - 1) * q.size,
    });
    const now = deps.clock.now();
    return {
      data: page.rows.map((r) => presentListed(r, now)),
      metadata: {
        totalCount: page.total,
        pg: q.pg,
        pageSize: q.size,
        folderCounts: page.counts,
        unread: page.unread,
      },
    };
  });
}

/** `GET /v2/epaks/{ePakId}/togglestar`: stars or unstars the ePak for the viewer only. */
export async function toggleStar(actor: Actor, epakId: string, deps: Deps): Promise<{ starred: boolean }> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    // Starring is done from the list, before opening: no security code needed.
    await loadEpak(tx, actor, epakId, { allowLocked: true });
    const starred = !((await flagsOf(tx, epakId, actor.userId))?.starred ?? false);
    await setFlags(tx, actor.tenantId, epakId, actor.userId, { starred });
    return { starred };
  });
}
