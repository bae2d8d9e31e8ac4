import { describe, expect, it } from 'vitest';
import {
  CATEGORY_KEY,
  categoryAxisWidth,
  chartData,
  columnLabelInterval,
  fitLabel,
  wholeNumbers,
} from './chart-axes.ts';

const series = [
  { key: 'signed', label: 'Signed', color: '#2f9e44' },
  { key: 'pending', label: 'Pending', color: '#e8590c' },
];
/** Every character 10 px wide: widths are easy to reason about. */
const tenPx = (text: string) => [...text].length * 10;

describe('a chart’s drawing', () => {
  it('gives every row a number for every series (0 when absent or not a number) and keeps a row’s colour', () => {
    expect(
      chartData(
        [
          { label: 'Week 1', values: { signed: 2 } },
          { label: 'Week 2', values: { signed: Number.NaN, pending: 3 }, color: '#1c7ed6' },
        ],
        series,
      ),
    ).toEqual([
      { [CATEGORY_KEY]: 'Week 1', signed: 2, pending: 0 },
      { [CATEGORY_KEY]: 'Week 2', signed: 0, pending: 3, color: '#1c7ed6' },
    ]);
  });

  it('knows counts from durations', () => {
    expect(wholeNumbers([{ label: 'a', values: { signed: 2, pending: 0 } }], series)).toBe(true);
    expect(wholeNumbers([{ label: 'a', values: { signed: 2.5 } }], series)).toBe(false);
  });
});

describe('category axis of bars', () => {
  it('is as wide as the widest label and its padding', () => {
    expect(categoryAxisWidth(['Draft', 'In progress'], tenPx, 600)).toBe(110 + 16);
  });

  it('keeps 60 % of the chart for the bars and never shrinks under 48 px', () => {
    expect(categoryAxisWidth(['a very long signer name at example.org'], tenPx, 300)).toBe(120);
    expect(categoryAxisWidth(['a'], tenPx, 600)).toBe(48);
  });

  it('cuts a label that does not fit with "…", and leaves one that fits whole', () => {
    expect(fitLabel('Completed', 200, tenPx)).toBe('Completed');
    const cut = fitLabel('signer.with.a.long.name@example.org', 116, tenPx);
    expect(cut).toBe('signer.wi…');
    expect(tenPx(cut)).toBeLessThanOrEqual(100);
  });

  it('cuts Hindi between whole characters, never inside a conjunct', () => {
    // "प्रगति में" (In progress): प्र is one character of three code points.
    const cut = fitLabel('प्रगति में', 16 + 30, (text) => [...new Intl.Segmenter().segment(text)].length * 10);
    expect(cut).toBe('प्रग…');
  });
});

describe('words along the bottom of columns', () => {
  const weeks = ['05 Oct', '12 Oct', '19 Oct', '26 Oct', '02 Nov', '09 Nov', '16 Nov', '23 Nov'];

  it('writes every week where all fit side by side', () => {
    // 60 px each + 10 px apart, 8 of them: 560 px.
    expect(columnLabelInterval(weeks, tenPx, 600)).toBe(0);
  });

  it('writes every second or third week, evenly, where they would touch', () => {
    expect(columnLabelInterval(weeks, tenPx, 320)).toBe(1);
    expect(columnLabelInterval(weeks, tenPx, 200)).toBe(2);
  });

  it('has nothing to leave out without words or room', () => {
    expect(columnLabelInterval([], tenPx, 300)).toBe(0);
    expect(columnLabelInterval(weeks, tenPx, 0)).toBe(0);
  });
});
