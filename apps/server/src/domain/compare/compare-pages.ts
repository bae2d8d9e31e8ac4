import type { ComparedPage, CompareResult } from '@signet/contracts';
import type { ComparePage } from '@signet/pdf';
import { alignPages } from './align-pages.ts';
import { changedRegions } from './changed-regions.ts';
import { diffPageWords, type WordRun, wordChanges } from './diff-words.ts';

const sizeOf = (p: ComparePage | undefined) => (p ? { width: p.width, height: p.height } : null);

/**
 * Two documents' pages compared: pages paired by their text (added and removed pages found), the
 * words of each pair diffed (inserted, deleted, moved anywhere in the document) and the pictures
 * of each pair diffed into changed regions. Pure: the pages come read (sandbox) already.
 */
export function comparePages(
  first: readonly ComparePage[],
  second: readonly ComparePage[],
): Pick<CompareResult, 'summary' | 'pages'> {
  const pairs = alignPages(first, second);
  const runsOfPair: WordRun[][] = pairs.map(({ first: i, second: j }) => {
    const a = i === null ? undefined : first[i - 1];
    const b = j === null ? undefined : second[j - 1];
    return a && b
      ? diffPageWords({ page: a.pageNumber, words: a.words }, { page: b.pageNumber, words: b.words })
      : [];
  });
  const changes = wordChanges(runsOfPair.flat());
  // Each change is listed on the pair where it shows: on the second document's page (inserted,
  // moved to) or, for deleted words, on the pair of the first document's page.
  const pairOfFirst = new Map<number, number>();
  const pairOfSecond = new Map<number, number>();
  pairs.forEach((p, k) => {
    if (p.first !== null) pairOfFirst.set(p.first, k);
    if (p.second !== null) pairOfSecond.set(p.second, k);
  });
  const changesOfPair = pairs.map(() => [] as ComparedPage['changes']);
  for (const c of changes) {
    const k = c.second
      ? pairOfSecond.get(c.second.page)
      : c.first
        ? pairOfFirst.get(c.first.page)
        : undefined;
    if (k !== undefined) changesOfPair[k]?.push(c);
  }
  const pages: ComparedPage[] = pairs.map(({ first: i, second: j }, k) => {
    const a = i === null ? undefined : first[i - 1];
    const b = j === null ? undefined : second[j - 1];
    const regions = a?.raster && b?.raster ? changedRegions(a.raster, b.raster) : [];
    const pageChanges = changesOfPair[k] ?? [];
    const status = !a ? 'added' : !b ? 'removed' : pageChanges.length || regions.length ? 'changed' : 'same';
    return {
      firstPage: i,
      secondPage: j,
      status,
      firstSize: sizeOf(a),
      secondSize: sizeOf(b),
      changes: pageChanges,
      regions,
    };
  });
  const count = (kind: string) => changes.filter((c) => c.kind === kind).length;
  return {
    summary: {
      inserted: count('inserted'),
      deleted: count('deleted'),
      moved: count('moved'),
      changedPages: pages.filter((p) => p.status === 'changed').length,
      addedPages: pages.filter((p) => p.status === 'added').length,
      removedPages: pages.filter((p) => p.status === 'removed').length,
    },
    pages,
  };
}
