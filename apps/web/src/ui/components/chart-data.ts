/**
 * The data of the app's bar charts (chart-figure.tsx) and what the first screen needs of it: the
 * drawing's shaping is in chart-axes.ts, which loads with the chart library.
 */

/** One series of bars: `key` names its value in each row; `color` is a status mark or an event hue. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** One category (a status, a week, a signer): its words, its values by series key. */
export interface ChartRow {
  /** Unique among the rows when labels may repeat (React's key); the label otherwise. */
  key?: string;
  label: string;
  values: Readonly<Record<string, number>>;
  /** The row's own colour (a chart by status): every bar of the row takes it. */
  color?: string;
}

/**
 * `bars` lay the categories down the side, their words in full one under the other (statuses,
 * people, denominations: words that do not fit under a column); `columns` stand along the bottom
 * (weeks, months: short, in order).
 */
export type ChartLayout = 'bars' | 'columns';

/** A value as drawn: 0 when absent or not a number. */
export const finite = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? value : 0;

/** Nothing to draw: no rows, or every value 0. */
export function isEmptyChart(rows: readonly ChartRow[], series: readonly ChartSeries[]): boolean {
  return rows.every((row) => series.every((s) => finite(row.values[s.key]) === 0));
}

/** Height of the value axis along the bottom (bars) and of the legend's row, px. */
const AXIS_PX = 32;
const LEGEND_PX = 32;
/** Columns draw in a fixed height; bars grow with their categories, each band tall enough for its words. */
const COLUMNS_PX = 260;
const BAR_PX = 12;
const BAND_GAP_PX = 14;
const MIN_BAND_PX = 28;

/**
 * The drawing's height in px, known before the chart library loads so that its placeholder takes
 * the same room and nothing jumps. Bars: one band per category (every series' bar side by side,
 * or one bar when stacked), never under 28 px so two lines of words never touch.
 */
export function chartHeight(
  layout: ChartLayout,
  rowCount: number,
  seriesCount: number,
  { stacked = false, legend = seriesCount > 1 }: { stacked?: boolean; legend?: boolean } = {},
): number {
  const legendPx = legend ? LEGEND_PX : 0;
  if (layout === 'columns') return COLUMNS_PX + legendPx;
  const bars = stacked ? 1 : Math.max(1, seriesCount);
  const band = Math.max(MIN_BAND_PX, bars * BAR_PX + BAND_GAP_PX);
  return Math.max(1, rowCount) * band + AXIS_PX + legendPx;
}
