import { Box, Group, Text } from '@mantine/core';
import type { ReportResult } from '@signet/contracts';

const COLORS = ['#1c7ed6', '#2b8a3e', '#c92a2a', '#e67700'];
const MAX_BARS = 40;

/**
 * The chart of a run: grouped bars in plain SVG (no chart library: a few dozen bars do not
 * justify one's weight). The label column along the bottom, one bar per value column; a legend.
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
  const chart = result.chart;
  if (!chart || result.rows.length === 0) return null;
  const labelAt = result.columns.findIndex((c) => c.key === chart.label);
  const valueAt = chart.values.map((v) => result.columns.findIndex((c) => c.key === v));
  const rows = result.rows.slice(0, MAX_BARS);
  const max = Math.max(1, ...rows.flatMap((r) => valueAt.map((i) => Number(r[i] ?? 0))));
  const groupWidth = 24 + 14 * valueAt.length;
  const width = Math.max(320, rows.length * groupWidth + 40);
  const height = 200;
  const plot = height - 40;
  return (
    <Box data-testid="report-chart" style={{ overflowX: 'auto' }}>
      <svg role="img" aria-label={title} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <title>{title}</title>
        <line x1={30} y1={plot} x2={width} y2={plot} stroke="#495057" />
        <text x={0} y={12} fontSize={11} fill="#212529">
          {max}
        </text>
        {rows.map((r, i) => {
          const x0 = 36 + i * groupWidth;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (per-step rows); the order is the report's.
            <g key={`${String(r[labelAt])}-${i}`}>
              {valueAt.map((col, j) => {
                const v = Number(r[col] ?? 0);
                const h = (v / max) * (plot - 16);
                return (
                  <rect
                    key={chart.values[j]}
                    x={x0 + j * 14}
                    y={plot - h}
                    width={12}
                    height={h}
                    fill={COLORS[j % COLORS.length]}
                  >
                    <title>{`${labelOf(String(r[labelAt] ?? ''))} — ${columnName(chart.values[j] ?? '')}: ${v}`}</title>
                  </rect>
                );
              })}
              <text x={x0} y={plot + 14} fontSize={10} fill="#212529">
                {labelOf(String(r[labelAt] ?? '')).slice(0, 12)}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md">
        {chart.values.map((v, j) => (
          <Group key={v} gap={4}>
            <Box w={12} h={12} style={{ background: COLORS[j % COLORS.length] }} />
            <Text size="sm">{columnName(v)}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
