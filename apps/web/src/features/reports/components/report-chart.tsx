import type { ReportResult } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../ui/components/chart-figure.tsx';
import { reportChart } from '../report-series.ts';

/**
 * The chart of a run (@mantine/charts, loaded with the first chart drawn): periods as columns,
 * people, policies and steps as bars with their names in full; status columns in their status's
 * colour; a legend when there are several values. The page's table below holds every row.
 */
export function ReportChart({
  result,
  title,
  labelOf,
  columnName,
}: {
  result: ReportResult;
  title: string;
  labelOf: (label: string) => string;
  columnName: (key: string) => string;
}) {
  const { t } = useTranslation();
  const chart = reportChart(result, labelOf, columnName);
  if (!chart) return null;
  const labelColumn = result.chart?.label ?? '';
  return (
    <ChartFigure
      data-testid="report-chart"
      title={title}
      showTitle={false}
      rows={chart.rows}
      series={chart.series}
      layout={chart.layout}
      emptyText={t('reports.empty')}
      categoryLabel={labelColumn ? columnName(labelColumn) : undefined}
    />
  );
}
