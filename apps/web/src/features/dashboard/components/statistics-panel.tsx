import { Alert, Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { ChartScope, isAdminRole, type Role } from '@signet/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/i18n/dates.ts';
import { chartHeight } from '../../../ui/components/chart-data.ts';
import { ChartFigure, preloadCharts } from '../../../ui/components/chart-figure.tsx';
import { statusLabelKey } from '../../../ui/tokens/status-colours.ts';
import { useGroups, useStatistics } from '../api.ts';
import { SERIES_COLORS, statusRows, weeklySeriesFor } from '../chart-series.ts';

/** The "ePaks by status" series: one count per status, each bar in its status's mark. */
const COUNT = 'count';

/** Summary and weekly charts for a scope: the user's own, a group's, everyone's, a group member's. */
export function StatisticsPanel({ role }: { role: Role }) {
  const { t } = useTranslation();
  const admin = isAdminRole(role);
  const [scope, setScope] = useState<ChartScope>('user');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const groups = useGroups(admin && (scope === 'group' || scope === 'groupuser'));
  const needsGroup = scope === 'group' || scope === 'groupuser';
  const ready = (!needsGroup || !!groupId) && (scope !== 'groupuser' || !!userId);
  const query = { scope, groupId: groupId ?? undefined, userId: userId ?? undefined };
  const summary = useStatistics({ ...query, type: 'summary' }, ready);
  const weekly = useStatistics({ ...query, type: 'weekly' }, ready);
  const members = groups.data?.find((g) => g.groupId === groupId)?.users ?? [];
  const series = weeklySeriesFor(scope).map((k) => ({
    key: k,
    label: t(`statistics.series.${k}`),
    color: SERIES_COLORS[k],
  }));
  // The chart library loads while the numbers are fetched, not after them.
  useEffect(preloadCharts, []);

  return (
    <Card withBorder data-testid="statistics-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('statistics.title')}
        </Title>
        {admin && (
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={scope}
              onChange={(v) => setScope(v as ChartScope)}
              data={ChartScope.map((s) => ({ value: s, label: t(`statistics.scopes.${s}`) }))}
              aria-label={t('statistics.scope')}
              data-testid="statistics-scope"
            />
            {needsGroup && (
              <Select
                size="xs"
                aria-label={t('statistics.group')}
                placeholder={t('statistics.group')}
                value={groupId}
                onChange={setGroupId}
                data={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
              />
            )}
            {scope === 'groupuser' && (
              <Select
                size="xs"
                aria-label={t('statistics.user')}
                placeholder={t('statistics.user')}
                value={userId}
                onChange={setUserId}
                data={members.map((u) => ({ value: u.id, label: u.email }))}
              />
            )}
          </Group>
        )}
      </Group>
      {(summary.isError || weekly.isError) && <Alert color="yellow">{t('statistics.unavailable')}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        {summary.isLoading && (
          <ChartSkeleton height={chartHeight('bars', 8, 1)} label={t('common.loading')} />
        )}
        {summary.data?.summary && (
          <ChartFigure
            data-testid="summary-chart"
            title={t('statistics.summary')}
            emptyText={t('statistics.empty')}
            layout="bars"
            categoryLabel={t('statistics.status')}
            series={[{ key: COUNT, label: t('statistics.count'), color: '#868e96' }]}
            rows={statusRows(summary.data.summary, (status) =>
              t(statusLabelKey('epak', status), { defaultValue: t('common.unknownStatus') }),
            )}
          />
        )}
        {weekly.isLoading && (
          <ChartSkeleton height={chartHeight('columns', 8, series.length)} label={t('common.loading')} />
        )}
        {weekly.data?.weekly && (
          <ChartFigure
            data-testid="weekly-chart"
            title={t('statistics.weekly')}
            emptyText={t('statistics.empty')}
            layout="columns"
            categoryLabel={t('statistics.weekOf')}
            series={series}
            rows={weekly.data.weekly.map((w) => ({
              key: w.weekStart,
              label: formatDate(w.weekStart, { dateFormat: 'DD MMM' }),
              values: Object.fromEntries(
                series.map((s) => [s.key, (w[s.key as keyof typeof w] as number | undefined) ?? 0]),
              ),
            }))}
          />
        )}
      </SimpleGrid>
    </Card>
  );
}

/** A chart's room while its numbers load: its title's line and its drawing's height. */
function ChartSkeleton({ height, label }: { height: number; label: string }) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton h={20} w="40%" mb="xs" radius="sm" />
      <Skeleton h={height} radius="sm" />
    </div>
  );
}
