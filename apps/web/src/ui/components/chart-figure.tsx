import { Box, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import {
  type ChartLayout,
  type ChartRow,
  type ChartSeries,
  chartHeight,
  isEmptyChart,
} from './chart-data.ts';

const loadView = () => import('./bar-chart-view.tsx');
/** The chart library (recharts under @mantine/charts, ~100 KB gzip) loads only where a chart is drawn. */
const BarChartView = lazy(loadView);

/** Starts loading the chart library ahead (while a screen's numbers are being fetched). */
export function preloadCharts(): void {
  void loadView().catch(() => undefined);
}

export interface ChartFigureProps {
  /** What the chart shows ("ePaks by status"): its heading and its table's caption. */
  title: string;
  /** Heading level under the caller's: a card titled by an h2 holds h3 charts (the default). */
  titleOrder?: 2 | 3 | 4;
  /** Leave the title off the screen where the page's heading says it already (still the table's caption). */
  showTitle?: boolean;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  layout: ChartLayout;
  /** The series are parts of each row's whole (stamp papers by status): one bar per row. */
  stacked?: boolean;
  /** What stands where the chart would when every value is 0. */
  emptyText: string;
  /** The words above the categories in the table for screen readers ("Status", "Week"). */
  categoryLabel?: string;
  'data-testid'?: string;
}

/**
 * A bar chart of the app (@mantine/charts): its title, the drawing — loaded when first shown, a
 * placeholder of its size meanwhile, so nothing moves when it arrives — with axes whose words
 * never overprint, a tooltip, a legend when there are several series, and the same numbers as a
 * table for screen readers (the drawing itself is hidden from them).
 */
export function ChartFigure({
  title,
  titleOrder = 3,
  showTitle = true,
  rows,
  series,
  layout,
  stacked = false,
  emptyText,
  categoryLabel,
  'data-testid': testId,
}: ChartFigureProps) {
  const titleId = useId();
  const empty = isEmptyChart(rows, series);
  const height = chartHeight(layout, rows.length, series.length, { stacked });
  return (
    <Stack
      component="section"
      gap="xs"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : title}
      data-testid={testId}
      data-layout={layout}
      miw={0}
    >
      {showTitle && (
        <Title order={titleOrder} size="h5" fw={600} id={titleId}>
          {title}
        </Title>
      )}
      {empty ? (
        <Text size="sm" c="dimmed" data-testid={testId ? `${testId}-empty` : undefined}>
          {emptyText}
        </Text>
      ) : (
        <>
          <Box aria-hidden h={height} data-testid={testId ? `${testId}-drawing` : undefined}>
            <Suspense fallback={<Skeleton h={height} radius="sm" data-testid="chart-loading" />}>
              <BarChartView rows={rows} series={series} layout={layout} stacked={stacked} height={height} />
            </Suspense>
          </Box>
          <ChartTable title={title} rows={rows} series={series} categoryLabel={categoryLabel} />
        </>
      )}
    </Stack>
  );
}

/** The chart's numbers for screen readers: a row per category, a column per series. */
function ChartTable({
  title,
  rows,
  series,
  categoryLabel,
}: {
  title: string;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  categoryLabel?: string;
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {categoryLabel ? <th scope="col">{categoryLabel}</th> : <td />}
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key ?? row.label}>
              <th scope="row">{row.label}</th>
              {series.map((s) => (
                <td key={s.key}>{row.values[s.key] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
