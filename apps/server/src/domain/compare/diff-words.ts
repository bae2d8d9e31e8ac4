import type { CompareBox, WordChange } from '@signet/contracts';
import { diffArrays } from 'diff';

/** A word with its box on its page (points, viewer frame). */
export interface BoxedWord extends CompareBox {
  text: string;
}

/** A run of words inserted or deleted on one page pair, before moves are recognised. */
export interface WordRun {
  kind: 'inserted' | 'deleted';
  /** The page the words are on: the first document's for deleted, the second's for inserted. */
  page: number;
  words: BoxedWord[];
}

/** A moved run must be this long (characters, spaces aside): "the" deleted here and inserted there is no move. */
const MIN_MOVED_CHARS = 8;

/** The inserted and deleted runs of words between two pages (a word-level Myers diff). */
export function diffPageWords(
  first: { page: number; words: readonly BoxedWord[] },
  second: { page: number; words: readonly BoxedWord[] },
): WordRun[] {
  const parts = diffArrays(
    first.words.map((w) => w.text),
    second.words.map((w) => w.text),
  );
  const runs: WordRun[] = [];
  let i = 0;
  let j = 0;
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    if (part.added) {
      runs.push({ kind: 'inserted', page: second.page, words: second.words.slice(j, j + count) });
      j += count;
    } else if (part.removed) {
      runs.push({ kind: 'deleted', page: first.page, words: first.words.slice(i, i + count) });
      i += count;
    } else {
      i += count;
      j += count;
    }
  }
  return runs;
}

/** Boxes of a run of words, one per line (words whose boxes overlap vertically are one line). */
export function lineBoxes(words: readonly CompareBox[]): CompareBox[] {
  const boxes: CompareBox[] = [];
  for (const w of words) {
    const last = boxes.at(-1);
    const sameLine = last && w.y < last.y + last.height && w.y + w.height > last.y && w.x >= last.x - 1;
    if (last && sameLine) {
      const right = Math.max(last.x + last.width, w.x + w.width);
      const bottom = Math.max(last.y + last.height, w.y + w.height);
      last.y = Math.min(last.y, w.y);
      last.height = bottom - last.y;
      last.width = right - last.x;
    } else boxes.push({ x: w.x, y: w.y, width: w.width, height: w.height });
  }
  return boxes.map((b) => ({
    x: round(b.x),
    y: round(b.y),
    width: round(b.width),
    height: round(b.height),
  }));
}

const round = (v: number) => Math.round(v * 10) / 10;
const textOf = (run: WordRun) => run.words.map((w) => w.text).join(' ');
const keyOf = (run: WordRun) => textOf(run).toLocaleLowerCase();

/**
 * The runs of the whole document as changes: a deleted run whose words were inserted elsewhere
 * (same words, same order, anywhere in the document) is one moved change, seen on both sides.
 */
export function wordChanges(runs: readonly WordRun[]): WordChange[] {
  const inserted = new Map<string, WordRun[]>();
  for (const r of runs)
    if (r.kind === 'inserted' && textOf(r).replace(/\s/g, '').length >= MIN_MOVED_CHARS) {
      const list = inserted.get(keyOf(r)) ?? [];
      list.push(r);
      inserted.set(keyOf(r), list);
    }
  const movedTo = new Map<WordRun, WordRun>();
  const arrived = new Set<WordRun>();
  for (const r of runs) {
    if (r.kind !== 'deleted') continue;
    const target = inserted.get(keyOf(r))?.find((t) => !arrived.has(t));
    if (!target) continue;
    movedTo.set(r, target);
    arrived.add(target);
  }
  const changes: WordChange[] = [];
  for (const r of runs) {
    if (arrived.has(r)) continue;
    const target = movedTo.get(r);
    const here = { page: r.page, boxes: lineBoxes(r.words) };
    if (target)
      changes.push({
        kind: 'moved',
        text: textOf(r),
        first: here,
        second: { page: target.page, boxes: lineBoxes(target.words) },
      });
    else if (r.kind === 'deleted')
      changes.push({ kind: 'deleted', text: textOf(r), first: here, second: null });
    else changes.push({ kind: 'inserted', text: textOf(r), first: null, second: here });
  }
  return changes;
}
