/** What page alignment needs of a page: its words. */
export interface AlignablePage {
  words: readonly { text: string }[];
}

/** A page of the first document against one of the second; null on one side: removed or added. */
export interface PagePairing {
  first: number | null;
  second: number | null;
}

/** Below this share of common word pairs two pages are different pages, not one page changed. */
export const SAME_PAGE_SIMILARITY = 0.4;

/** How far from the diagonal the alignment looks, beyond the difference in page counts. */
const BAND = 25;

/**
 * The page's pairs of neighbouring words, counted (a page of one word: that word): pages that use
 * the same vocabulary in other sentences share words but few pairs.
 */
function bagOf(page: AlignablePage): Map<string, number> {
  const bag = new Map<string, number>();
  const words = page.words;
  if (words.length === 1) bag.set(words[0]?.text ?? '', 1);
  for (let i = 1; i < words.length; i++) {
    const pair = `${words[i - 1]?.text} ${words[i]?.text}`;
    bag.set(pair, (bag.get(pair) ?? 0) + 1);
  }
  return bag;
}

/** Shared word pairs over all pairs (a multiset Dice coefficient); two pages without text are alike. */
export function pageSimilarity(a: Map<string, number>, b: Map<string, number>): number {
  let total = 0;
  let common = 0;
  for (const n of a.values()) total += n;
  for (const [w, n] of b) {
    total += n;
    common += Math.min(n, a.get(w) ?? 0);
  }
  return total === 0 ? 1 : (2 * common) / total;
}

/**
 * Pairs the pages of two documents in order (a Needleman–Wunsch alignment in a band around the
 * diagonal): pages at least half alike are one page, maybe changed; the others were removed from
 * the first document or added in the second. Numbers are 1-based page numbers.
 */
export function alignPages(first: readonly AlignablePage[], second: readonly AlignablePage[]): PagePairing[] {
  const n = first.length;
  const m = second.length;
  const bagsA = first.map(bagOf);
  const bagsB = second.map(bagOf);
  const band = Math.abs(n - m) + BAND;
  // score[i][j]: the best total similarity pairing the first i pages with the first j.
  const score: Float64Array[] = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(-1));
  const move: Uint8Array[] = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1));
  for (let i = 0; i <= n; i++) {
    const row = score[i] as Float64Array;
    const moves = move[i] as Uint8Array;
    for (let j = Math.max(0, i - band); j <= Math.min(m, i + band); j++) {
      if (i === 0 && j === 0) {
        row[0] = 0;
        continue;
      }
      let best = -1;
      let how = 0;
      if (i > 0 && j > 0) {
        const prev = (score[i - 1] as Float64Array)[j - 1] as number;
        const sim = pageSimilarity(bagsA[i - 1] as Map<string, number>, bagsB[j - 1] as Map<string, number>);
        if (prev >= 0 && sim >= SAME_PAGE_SIMILARITY) {
          best = prev + sim;
          how = 1;
        }
      }
      if (i > 0) {
        const up = (score[i - 1] as Float64Array)[j] as number;
        if (up >= 0 && up > best) {
          best = up;
          how = 2;
        }
      }
      if (j > 0) {
        const left = row[j - 1] as number;
        if (left >= 0 && left > best) {
          best = left;
          how = 3;
        }
      }
      row[j] = best;
      moves[j] = how;
    }
  }
  const pairs: PagePairing[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const how = (move[i] as Uint8Array)[j];
    if (how === 1) {
      pairs.push({ first: i, second: j });
      i--;
      j--;
    } else if (how === 2 || j === 0) {
      pairs.push({ first: i, second: null });
      i--;
    } else {
      pairs.push({ first: null, second: j });
      j--;
    }
  }
  return pairs.reverse();
}
