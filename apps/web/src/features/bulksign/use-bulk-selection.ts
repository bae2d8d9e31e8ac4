import type { EpakListQuery, EpakSummary } from '@signet/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../app/feedback.tsx';
import { awaitedStep } from '../dashboard/components/epak-cards.tsx';
import { signableMatching } from './api.ts';

/**
 * The ePaks a signer picked for bulk sign, across pages: ticked one by one, a whole page, or
 * "select all matching" (every page of the list's query). Only ePaks waiting for the viewer's
 * signature can be picked. A new folder or search starts an empty selection.
 */
export function useBulkSelection(query: Partial<EpakListQuery>, viewerEmail: string) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlyMap<string, EpakSummary>>(new Map());
  const [selectingAll, setSelectingAll] = useState(false);
  const scope = `${query.folder}|${query.searchKey ?? ''}|${query.searchVal ?? ''}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope is the reason to clear.
  useEffect(() => setSelected(new Map()), [scope]);

  const signable = useCallback((e: EpakSummary) => awaitedStep(e, viewerEmail) === 'sign', [viewerEmail]);

  const toggle = useCallback((e: EpakSummary) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(e.id)) next.delete(e.id);
      else next.set(e.id, e);
      return next;
    });
  }, []);

  /** Ticks every signable ePak of the page, or unticks them when all already are. */
  const togglePage = useCallback(
    (page: readonly EpakSummary[]) => {
      const mine = page.filter(signable);
      setSelected((prev) => {
        const next = new Map(prev);
        const all = mine.every((e) => next.has(e.id));
        for (const e of mine) {
          if (all) next.delete(e.id);
          else next.set(e.id, e);
        }
        return next;
      });
    },
    [signable],
  );

  async function selectAllMatching() {
    setSelectingAll(true);
    try {
      const all = await signableMatching(query, viewerEmail);
      setSelected(new Map(all.map((e) => [e.id, e])));
    } catch (e) {
      showFailure(t, e);
    } finally {
      setSelectingAll(false);
    }
  }

  return {
    selected,
    signable,
    toggle,
    togglePage,
    selectAllMatching,
    selectingAll,
    clear: () => setSelected(new Map()),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
