import { describe, expect, it } from 'vitest';
import { type BoxedWord, diffPageWords, lineBoxes, wordChanges } from './diff-words.ts';

/** Words laid out on one line, 10 pt a character plus a space, at height y. */
function line(text: string, y = 100): BoxedWord[] {
  let x = 50;
  return text.split(' ').map((t) => {
    const w = { text: t, x, y, width: t.length * 10, height: 12 };
    x += w.width + 5;
    return w;
  });
}

describe('diffPageWords and wordChanges', () => {
  it('reports a replaced word as one deletion on the first page and one insertion on the second', () => {
    const runs = diffPageWords(
      { page: 1, words: line('the rent is thirty thousand') },
      { page: 1, words: line('the rent is sixty thousand') },
    );
    expect(
      wordChanges(runs).map((c) => [c.kind, c.text, c.first?.page ?? null, c.second?.page ?? null]),
    ).toEqual([
      ['deleted', 'thirty', 1, null],
      ['inserted', 'sixty', null, 1],
    ]);
  });

  it('recognises words that left one page and arrived on another as moved', () => {
    const runs = [
      ...diffPageWords(
        { page: 1, words: line('late payment carries interest rent is due') },
        { page: 1, words: line('rent is due') },
      ),
      ...diffPageWords(
        { page: 2, words: line('keys') },
        { page: 2, words: line('keys late payment carries interest') },
      ),
    ];
    const changes = wordChanges(runs);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'moved',
      text: 'late payment carries interest',
      first: { page: 1 },
      second: { page: 2 },
    });
  });

  it('does not call a short common word deleted here and inserted there a move', () => {
    const runs = [
      ...diffPageWords({ page: 1, words: line('a the b') }, { page: 1, words: line('a b') }),
      ...diffPageWords({ page: 2, words: line('c d') }, { page: 2, words: line('c the d') }),
    ];
    expect(wordChanges(runs).map((c) => c.kind)).toEqual(['deleted', 'inserted']);
  });
});

describe('lineBoxes', () => {
  it('joins the words of one line into one box and starts a new box on the next line', () => {
    const words = [...line('one two', 100), ...line('three', 120)];
    expect(lineBoxes(words)).toEqual([
      { x: 50, y: 100, width: 65, height: 12 },
      { x: 50, y: 120, width: 50, height: 12 },
    ]);
  });
});
