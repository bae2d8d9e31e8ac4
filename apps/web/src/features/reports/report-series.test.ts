import type { ReportResult } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { EVENT_MARKS } from '../../ui/tokens/chart-colours.ts';
import { EPAK_STATUS_TONES } from '../../ui/tokens/status-colours.ts';
import { MAX_CHART_ROWS, reportChart } from './report-series.ts';

const volumes = {
  columns: [
    { key: 'period', type: 'string' },
    { key: 'completed', type: 'number' },
    { key: 'inProgress', type: 'number' },
    { key: 'rejected', type: 'number' },
  ],
  rows: [
    ['2026-10-01', 9, 0, 2],
    ['2026-11-01', 5, 9, 1],
  ],
  chart: { label: 'period', values: ['completed', 'inProgress', 'rejected'] },
} as unknown as ReportResult;

const same = (s: string) => s;

describe('a report’s chart', () => {
  it('draws status columns in their status’s colour, periods as columns', () => {
    const chart = reportChart(volumes, same, (k) => `name of ${k}`);
    expect(chart?.layout).toBe('columns');
    expect(chart?.series).toEqual([
      { key: 'completed', label: 'name of completed', color: EPAK_STATUS_TONES.Completed.mark },
      { key: 'inProgress', label: 'name of inProgress', color: EPAK_STATUS_TONES.InProgress.mark },
      { key: 'rejected', label: 'name of rejected', color: EPAK_STATUS_TONES.Rejected.mark },
    ]);
    expect(chart?.rows.map((r) => [r.label, r.values])).toEqual([
      ['2026-10-01', { completed: 9, inProgress: 0, rejected: 2 }],
      ['2026-11-01', { completed: 5, inProgress: 9, rejected: 1 }],
    ]);
  });

  it('draws people as bars and durations in event hues, and at most 40 of them', () => {
    const turnaround = {
      columns: [
        { key: 'step', type: 'string' },
        { key: 'medianHours', type: 'number' },
        { key: 'p90Hours', type: 'number' },
      ],
      rows: Array.from({ length: 50 }, (_, i) => [`step ${i}`, i / 2, null]),
      chart: { label: 'step', values: ['medianHours', 'p90Hours'] },
    } as unknown as ReportResult;
    const chart = reportChart(turnaround, (l) => l.toUpperCase(), same);
    expect(chart?.layout).toBe('bars');
    expect(chart?.series.map((s) => s.color)).toEqual([EVENT_MARKS[0], EVENT_MARKS[1]]);
    expect(chart?.rows).toHaveLength(MAX_CHART_ROWS);
    expect(chart?.rows[3]).toEqual({ key: '3', label: 'STEP 3', values: { medianHours: 1.5, p90Hours: 0 } });
  });

  it('is nothing for a report without a chart or without rows', () => {
    expect(reportChart({ ...volumes, chart: null }, same, same)).toBeNull();
    expect(reportChart({ ...volumes, rows: [] }, same, same)).toBeNull();
  });
});
