import type { ComparedPage } from '@signet/contracts';
import type { ListedChange } from './components/change-list.tsx';
import type { Highlight } from './components/compare-page-canvas.tsx';

export const COLORS = {
  inserted: '#2b8a3e',
  deleted: '#c92a2a',
  moved: '#1864ab',
  region: '#e67700',
} as const;

/**
 * The boxes to mark on one side of a page pair: every changed word on that page in its kind's
 * colour (the active change stands out), and the changed regions on the second page (or on the
 * first when it has no second).
 */
export function highlightsOf(
  page: ComparedPage,
  side: 'first' | 'second',
  active: ListedChange | null,
): Highlight[] {
  const boxes: Highlight[] = [];
  if (side === 'second' || page.secondPage === null)
    for (const r of page.regions) boxes.push({ ...r, color: COLORS.region });
  for (const c of page.changes) {
    const where = c[side];
    const pageNumber = side === 'first' ? page.firstPage : page.secondPage;
    if (!where || where.page !== pageNumber) continue;
    for (const b of where.boxes) boxes.push({ ...b, color: COLORS[c.kind], active: active?.change === c });
  }
  return boxes;
}
