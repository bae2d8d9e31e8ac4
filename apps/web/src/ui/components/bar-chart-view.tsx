import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import {
  CATEGORY_KEY,
  categoryAxisWidth,
  chartData,
  columnLabelInterval,
  fitLabel,
  wholeNumbers,
} from './chart-axes.ts';
import type { ChartLayout, ChartRow, ChartSeries } from './chart-data.ts';

/** The axes' words: the chart library draws them at 12 px. */
const TICK_FONT_PX = 12;
/** The value axis beside columns, px. */
const VALUE_AXIS_PX = 40;

/** Measures words as the axes draw them (the page's typeface at 12 px); a rough width where there is no canvas. */
function textMeasurer(): (text: string) => number {
  const context = typeof document === 'undefined' ? null : canvasContext();
  if (!context) return (text) => text.length * TICK_FONT_PX * 0.6;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  context.font = `${TICK_FONT_PX}px ${family}`;
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      width = context.measureText(text).width;
      cache.set(text, width);
    }
    return width;
  };
}

function canvasContext(): CanvasRenderingContext2D | null {
  try {
    return document.createElement('canvas').getContext('2d');
  } catch {
    return null;
  }
}

/**
 * The drawing of a ChartFigure, in its own chunk with the chart library and its stylesheet. Bars
 * get a category axis as wide as their longest words (up to 40 % of the chart; longer words are
 * cut with "…", whole in the tooltip) and one band per category, so no two labels overlap;
 * columns write every week's words or, where they would touch, every second (third…) week's.
 */
export default function BarChartView({
  rows,
  series,
  layout,
  stacked,
  height,
}: {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  layout: ChartLayout;
  stacked: boolean;
  height: number;
}) {
  const { ref, width } = useElementSize();
  const data = useMemo(() => chartData(rows, series), [rows, series]);
  const whole = wholeNumbers(rows, series);
  const measure = useMemo(() => textMeasurer(), []);
  const bars = layout === 'bars';
  const numbers = useMemo(() => new Intl.NumberFormat(document.documentElement.lang || undefined), []);
  const labels = rows.map((r) => r.label);
  const axisWidth = bars ? categoryAxisWidth(labels, measure, width || 320) : 0;
  return (
    <Box ref={ref} h={height}>
      <BarChart
        h={height}
        data={data}
        dataKey={CATEGORY_KEY}
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
        orientation={bars ? 'vertical' : 'horizontal'}
        type={stacked ? 'stacked' : 'default'}
        withLegend={series.length > 1}
        withBarValueLabel={bars && !stacked}
        accessibilityLayer={false}
        tickLine="none"
        gridAxis={bars ? 'y' : 'x'}
        maxBarWidth={bars ? 20 : 32}
        textColor="dimmed"
        barChartProps={bars ? { margin: { right: 36, left: 0, top: 4, bottom: 0 } } : undefined}
        valueFormatter={(value) => numbers.format(value)}
        legendProps={{ itemSorter: null }}
        yAxisProps={
          bars
            ? {
                width: axisWidth,
                interval: 0,
                // One line per category, cut to the axis's width (the library would wrap it onto two).
                tick: ({ x, y, payload }) => (
                  <text
                    x={x}
                    y={y}
                    dy="0.35em"
                    textAnchor="end"
                    fontSize={TICK_FONT_PX}
                    fill="currentColor"
                    data-category-label
                  >
                    {fitLabel(String(payload.value), axisWidth, measure)}
                  </text>
                ),
              }
            : { allowDecimals: !whole, width: VALUE_AXIS_PX }
        }
        xAxisProps={
          bars
            ? { allowDecimals: !whole }
            : // Every week's words, or every second week's…, evenly (the value axis and margins take 50 px).
              { interval: columnLabelInterval(labels, measure, (width || 320) - VALUE_AXIS_PX - 10) }
        }
      />
    </Box>
  );
}
