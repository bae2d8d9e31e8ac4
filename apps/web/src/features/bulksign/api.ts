import type { BulkSignItem, BulkSignRequest, EpakListQuery, EpakSummary } from '@signet/contracts';
import { api } from '../../app/session/client.ts';
import { awaitedStep } from '../dashboard/components/epak-cards.tsx';

/** The largest page `GET /v2/epaks` gives: "select all matching" reads the list this many at a time. */
const MATCHING_PAGE = 200;

/**
 * "Select all matching": every ePak of the list's query (folder, search) on every page that waits
 * for this viewer's signature now.
 */
export async function signableMatching(
  query: Partial<EpakListQuery>,
  viewerEmail: string,
): Promise<EpakSummary[]> {
  const out: EpakSummary[] = [];
  for (let pg = 1; ; pg++) {
    const page = await api.requestWithMeta<EpakSummary[], { totalCount: number }>('GET', '/v2/epaks', {
      query: Object.fromEntries(
        Object.entries({ ...query, pg, size: MATCHING_PAGE }).filter(([, v]) => v !== undefined && v !== ''),
      ) as Record<string, string | number>,
    });
    out.push(...page.data.filter((e) => awaitedStep(e, viewerEmail) === 'sign'));
    if (page.data.length < MATCHING_PAGE || pg * MATCHING_PAGE >= page.metadata.totalCount) return out;
  }
}

/** `POST /v2/epaks/bulksign` for one batch: each ePak SIGNED, or SKIPPED with the code and reason. */
export function bulkSignBatch(body: BulkSignRequest): Promise<BulkSignItem[]> {
  return api.request<BulkSignItem[]>('POST', '/v2/epaks/bulksign', { body });
}
