import { type ChartRow, type ChartSeries, finite } from './chart-data.ts';

/**
 * The shaping of a chart's drawing (bar-chart-view.tsx): the library's rows, the category axis's
 * width and its words. Apart from React to be tested alone; it loads with the chart library.
 */

/** The key of a row's words in the chart's data: no series may use it. */
export const CATEGORY_KEY = '__category';

/** The chart library's rows: the category's words, a number for every series (0 when absent), the row's colour. */
export function chartData(
  rows: readonly ChartRow[],
  series: readonly ChartSeries[],
): Record<string, string | number>[] {
  return rows.map((row) => {
    const item: Record<string, string | number> = { [CATEGORY_KEY]: row.label };
    for (const s of series) item[s.key] = finite(row.values[s.key]);
    if (row.color) item.color = row.color;
    return item;
  });
}

/** Every value a whole number (counts): the value axis then has no 0.5 ticks. */
export function wholeNumbers(rows: readonly ChartRow[], series: readonly ChartSeries[]): boolean {
  return rows.every((row) => series.every((s) => Number.isInteger(finite(row.values[s.key]))));
}

/** Room kept between a category's words and its bar, px (the library shifts the words 10 px). */
const LABEL_PAD_PX = 16;

/**
 * The width of the category axis of bars: the widest label and its padding, at least 48 px and
 * at most 40 % of the chart (the bars keep the rest); a label wider than that is cut (fitLabel).
 */
export function categoryAxisWidth(
  labels: readonly string[],
  measure: (text: string) => number,
  chartWidth: number,
): number {
  const widest = Math.max(0, ...labels.map(measure));
  const most = Math.max(48, Math.floor(chartWidth * 0.4));
  return Math.min(most, Math.max(48, Math.ceil(widest + LABEL_PAD_PX)));
}

/** The label as it fits in `axisWidth` (its padding kept): whole, or cut at a character with "…". */
export function fitLabel(label: string, axisWidth: number, measure: (text: string) => number): string {
  const room = axisWidth - LABEL_PAD_PX;
  if (measure(label) <= room) return label;
  // Whole characters (a Devanagari conjunct or an emoji is several code units): Intl.Segmenter.
  const parts = graphemes(label);
  let lo = 0;
  let hi = parts.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${parts.slice(0, mid).join('').trimEnd()}…`) <= room) lo = mid;
    else hi = mid - 1;
  }
  return `${parts.slice(0, lo).join('').trimEnd()}…`;
}

function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl)
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    );
  return [...text];
}

/** Least room between two words along the bottom of columns, px. */
const COLUMN_GAP_PX = 10;

/**
 * How many categories' words to leave out between two written ones along the bottom of columns
 * (the chart library's `interval`): none when all fit side by side in `plotWidth`, else every
 * second, third… — evenly, so the written weeks keep one step between them.
 */
export function columnLabelInterval(
  labels: readonly string[],
  measure: (text: string) => number,
  plotWidth: number,
): number {
  if (labels.length === 0 || plotWidth <= 0) return 0;
  const widest = Math.max(...labels.map(measure)) + COLUMN_GAP_PX;
  const perColumn = plotWidth / labels.length;
  return Math.max(0, Math.ceil(widest / perColumn) - 1);
}
