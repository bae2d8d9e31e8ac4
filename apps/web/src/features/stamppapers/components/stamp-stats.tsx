import { Alert, Loader, Group as Row, Stack, Table, Text } from '@mantine/core';
import { StampPaperStatus } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../ui/components/chart-figure.tsx';
import { STAMP_PAPER_STATUS_TONES } from '../../../ui/tokens/status-colours.ts';
import { useStampStats } from '../api.ts';
import { stampErrorMessage } from '../stamp-errors.ts';
import { rupees, stateLabel, statusLabel } from '../stamp-words.ts';

/**
 * Counts by state × denomination × status (`GET /v2/stamppaper/stats`): a table and a bar per
 * state and denomination, its statuses stacked in their colours (the parts of its papers).
 */
export function StampStats() {
  const { t } = useTranslation();
  const stats = useStampStats(true);
  if (stats.isPending)
    return (
      <Row gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('stampPapers.loading')}</Text>
      </Row>
    );
  if (stats.error) return <Alert color="red">{stampErrorMessage(t, stats.error)}</Alert>;
  const { rows, totals } = stats.data;
  if (rows.length === 0)
    return (
      <Text size="sm" data-testid="stamp-stats-empty">
        {t('stampPapers.stats.empty')}
      </Text>
    );
  const label = (r: { stateCode: string; denomination: number }) =>
    `${r.stateCode} ${rupees(r.denomination)}`;
  return (
    <Stack gap="md" data-testid="stamp-stats">
      <Table striped data-testid="stamp-stats-table">
        <Table.Caption>{t('stampPapers.stats.title')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stampPapers.columns.state')}</Table.Th>
            <Table.Th>{t('stampPapers.columns.denomination')}</Table.Th>
            {StampPaperStatus.map((s) => (
              <Table.Th key={s}>{statusLabel(t, s)}</Table.Th>
            ))}
            <Table.Th>{t('stampPapers.stats.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={`${r.stateCode}-${r.denomination}`}
              data-testid="stamp-stats-row"
              data-state={r.stateCode}
              data-denomination={r.denomination}
            >
              <Table.Td data-label={t('stampPapers.columns.state')}>{stateLabel(t, r.stateCode)}</Table.Td>
              <Table.Td data-label={t('stampPapers.columns.denomination')}>{rupees(r.denomination)}</Table.Td>
              {StampPaperStatus.map((s) => (
                <Table.Td key={s} data-label={statusLabel(t, s)} data-status={s}>
                  {r[s]}
                </Table.Td>
              ))}
              <Table.Td data-label={t('stampPapers.stats.total')}>{r.total}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-testid="stamp-stats-totals">
            <Table.Td fw={600}>{t('stampPapers.stats.total')}</Table.Td>
            <Table.Td />
            {StampPaperStatus.map((s) => (
              <Table.Td key={s} data-label={statusLabel(t, s)} fw={600}>
                {totals[s]}
              </Table.Td>
            ))}
            <Table.Td data-label={t('stampPapers.stats.total')} fw={600}>
              {totals.total}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <ChartFigure
        data-testid="stamp-stats-chart"
        title={t('stampPapers.stats.chart')}
        titleOrder={2}
        layout="bars"
        stacked
        emptyText={t('stampPapers.stats.empty')}
        categoryLabel={t('stampPapers.columns.denomination')}
        rows={rows.map((r) => ({
          key: `${r.stateCode}-${r.denomination}`,
          label: label(r),
          values: Object.fromEntries(StampPaperStatus.map((s) => [s, r[s]])),
        }))}
        series={StampPaperStatus.map((s) => ({
          key: s,
          label: statusLabel(t, s),
          color: STAMP_PAPER_STATUS_TONES[s].mark,
        }))}
      />
    </Stack>
  );
}
