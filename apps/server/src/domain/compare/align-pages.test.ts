import { describe, expect, it } from 'vitest';
import { alignPages } from './align-pages.ts';

const pageOf = (text: string) => ({ words: text.split(' ').map((t) => ({ text: t })) });
const A = pageOf('the tenant pays the rent on the first day of each month');
const B = pageOf('the landlord repairs the roof and the walls within a week of notice');
const C = pageOf('any dispute goes to an arbitrator named by both parties in writing');
const D = pageOf('keys are returned when the lease ends and the deposit is paid back');

describe('alignPages', () => {
  it('pairs identical documents page by page', () => {
    expect(alignPages([A, B, C], [A, B, C])).toEqual([
      { first: 1, second: 1 },
      { first: 2, second: 2 },
      { first: 3, second: 3 },
    ]);
  });

  it('finds a page removed from the middle and a page added at the end', () => {
    expect(alignPages([A, B, C], [A, C, D])).toEqual([
      { first: 1, second: 1 },
      { first: 2, second: null },
      { first: 3, second: 2 },
      { first: null, second: 3 },
    ]);
  });

  it('keeps a page with one word changed paired with its old self', () => {
    const changed = pageOf('the tenant pays the rent on the fifth day of each month');
    expect(alignPages([A, B], [changed, B])).toEqual([
      { first: 1, second: 1 },
      { first: 2, second: 2 },
    ]);
  });

  it('pairs two pages without text (scans) with each other', () => {
    expect(alignPages([{ words: [] }], [{ words: [] }])).toEqual([{ first: 1, second: 1 }]);
  });
});
