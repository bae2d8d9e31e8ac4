import { Box, Group, Text, VisuallyHidden } from '@mantine/core';

export interface Series {
  key: string;
  label: string;
  color: string;
}

export interface ChartRow {
  label: string;
  values: Record<string, number>;
}

/**
 * A grouped bar chart in SVG with a hidden table for screen readers: one group of bars per row
 * (a week or a status), one bar per series.
 */
export function BarChart({
  rows,
  series,
  title,
  testId,
  emptyText,
}: {
  rows: ChartRow[];
  series: Series[];
  title: string;
  testId: string;
  emptyText: string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => r.values[s.key] ?? 0)));
  const height = 160;
  const barWidth = 10;
  const groupWidth = series.length * barWidth + 14;
  const width = Math.max(240, rows.length * groupWidth);
  const empty = rows.every((r) => series.every((s) => (r.values[s.key] ?? 0) === 0));
  return (
    <Box data-testid={testId}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {empty && (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      )}
      {/* A fixed height: scaling the drawing to the panel's width would blow its labels up. */}
      <svg
        width="100%"
        height={height + 34}
        viewBox={`0 0 ${width} ${height + 34}`}
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-label={title}
        style={{ display: empty ? 'none' : undefined }}
      >
        {rows.map((row, i) => (
          <g key={row.label} transform={`translate(${i * groupWidth + 7}, 0)`}>
            {series.map((s, j) => {
              const v = row.values[s.key] ?? 0;
              const h = (v / max) * height;
              return (
                <rect
                  key={s.key}
                  x={j * barWidth}
                  y={height - h}
                  width={barWidth - 2}
                  height={h}
                  fill={s.color}
                />
              );
            })}
            <text x={0} y={height + 14} fontSize={9} fill="currentColor">
              {row.label}
            </text>
          </g>
        ))}
      </svg>
      <Group gap="sm" mt={4} display={empty ? 'none' : undefined}>
        {series.map((s) => (
          <Group key={s.key} gap={4}>
            <Box w={10} h={10} bg={s.color} aria-hidden />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{r.values[s.key] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
