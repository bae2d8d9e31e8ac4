import type { ComparedPage, WordChange } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { COLORS, highlightsOf } from './highlights.ts';

const box = (x: number) => ({ x, y: 0, width: 10, height: 5 });
const inserted: WordChange = {
  kind: 'inserted',
  text: 'new',
  first: null,
  second: { page: 2, boxes: [box(1)] },
};
const deleted: WordChange = {
  kind: 'deleted',
  text: 'old',
  first: { page: 1, boxes: [box(2)] },
  second: null,
};
const movedAway: WordChange = {
  kind: 'moved',
  text: 'away',
  first: { page: 1, boxes: [box(3)] },
  second: { page: 5, boxes: [box(4)] },
};
const page: ComparedPage = {
  firstPage: 1,
  secondPage: 2,
  status: 'changed',
  firstSize: { width: 595, height: 842 },
  secondSize: { width: 595, height: 842 },
  changes: [inserted, deleted, movedAway],
  regions: [box(9)],
};

describe('highlightsOf', () => {
  it('marks on the first page the words that left it, and no regions', () => {
    expect(highlightsOf(page, 'first', null)).toEqual([
      { ...box(2), color: COLORS.deleted, active: false },
      { ...box(3), color: COLORS.moved, active: false },
    ]);
  });

  it('marks on the second page the changed regions and the words on that page only', () => {
    expect(highlightsOf(page, 'second', { pageIndex: 0, change: inserted })).toEqual([
      { ...box(9), color: COLORS.region },
      { ...box(1), color: COLORS.inserted, active: true },
    ]);
  });

  it('marks the regions on the first page when the page was removed', () => {
    const removed = { ...page, secondPage: null, secondSize: null, changes: [] };
    expect(highlightsOf(removed, 'first', null)).toEqual([{ ...box(9), color: COLORS.region }]);
  });
});
