import type { ReportResult } from '@signet/contracts';
import type { ChartLayout, ChartRow, ChartSeries } from '../../ui/components/chart-data.ts';
import { eventMark } from '../../ui/tokens/chart-colours.ts';
import {
  EPAK_STATUS_TONES,
  SIGNER_STATUS_TONES,
  STAMP_PAPER_STATUS_TONES,
} from '../../ui/tokens/status-colours.ts';

/** A report column that counts a status is drawn in that status's mark, as on every other screen. */
const STATUS_MARKS: Readonly<Record<string, string>> = {
  completed: EPAK_STATUS_TONES.Completed.mark,
  inProgress: EPAK_STATUS_TONES.InProgress.mark,
  rejected: EPAK_STATUS_TONES.Rejected.mark,
  stopped: EPAK_STATUS_TONES.Stopped.mark,
  expired: EPAK_STATUS_TONES.Expired.mark,
  archived: EPAK_STATUS_TONES.Archived.mark,
  draft: EPAK_STATUS_TONES.Draft.mark,
  signed: SIGNER_STATUS_TONES.Signed.mark,
  pending: SIGNER_STATUS_TONES.Pending.mark,
  used: STAMP_PAPER_STATUS_TONES.CONSUMED.mark,
};

/** At most this many categories are drawn (the table below has them all). */
export const MAX_CHART_ROWS = 40;

/** Labels that are periods in time stand as columns, in order; anything else (people, policies, steps) as bars. */
const TIME_LABELS = new Set(['period', 'week', 'month', 'day']);

/**
 * A run's chart as the app's bar chart: the label column's words by row, one series per value
 * column in its status's mark or, for counts of events and durations, an event hue.
 */
export function reportChart(
  result: ReportResult,
  labelOf: (label: string) => string,
  columnName: (key: string) => string,
): { rows: ChartRow[]; series: ChartSeries[]; layout: ChartLayout } | null {
  const chart = result.chart;
  if (!chart || result.rows.length === 0) return null;
  const labelAt = result.columns.findIndex((c) => c.key === chart.label);
  let events = 0;
  const series = chart.values.map((key) => ({
    key,
    label: columnName(key),
    color: STATUS_MARKS[key] ?? eventMark(events++),
  }));
  const valueAt = chart.values.map((key) => result.columns.findIndex((c) => c.key === key));
  const rows = result.rows.slice(0, MAX_CHART_ROWS).map((row, i) => ({
    key: String(i),
    label: labelOf(String(row[labelAt] ?? '')),
    values: Object.fromEntries(chart.values.map((key, j) => [key, Number(row[valueAt[j] ?? -1] ?? 0) || 0])),
  }));
  return { rows, series, layout: TIME_LABELS.has(chart.label) ? 'columns' : 'bars' };
}
