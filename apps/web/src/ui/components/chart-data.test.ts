import { describe, expect, it } from 'vitest';
import { chartHeight, isEmptyChart } from './chart-data.ts';

const series = [
  { key: 'signed', label: 'Signed', color: '#2f9e44' },
  { key: 'pending', label: 'Pending', color: '#e8590c' },
];

describe('chart data', () => {
  it('is empty with no rows or only zeros, and not with one count', () => {
    expect(isEmptyChart([], series)).toBe(true);
    expect(isEmptyChart([{ label: 'a', values: { signed: 0 } }], series)).toBe(true);
    expect(isEmptyChart([{ label: 'a', values: { pending: 1 } }], series)).toBe(false);
  });
});

describe('chart height', () => {
  it('gives bars a band of at least 28 px per category, so two categories’ words never touch', () => {
    expect(chartHeight('bars', 8, 1)).toBe(8 * 28 + 32);
    // Four bars side by side need more: 4 × 12 + 14.
    expect(chartHeight('bars', 2, 4)).toBe(2 * 62 + 32 + 32);
    // Stacked, the four are one bar, with the legend's row.
    expect(chartHeight('bars', 2, 4, { stacked: true })).toBe(2 * 28 + 32 + 32);
  });

  it('draws columns in a fixed height, with a row for the legend when there are several series', () => {
    expect(chartHeight('columns', 8, 1)).toBe(260);
    expect(chartHeight('columns', 8, 4)).toBe(292);
  });
});
