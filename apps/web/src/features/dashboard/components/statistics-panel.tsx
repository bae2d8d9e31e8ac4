import { Alert, Card, Group, Loader, SegmentedControl, Select, SimpleGrid, Title } from '@mantine/core';
import { ChartScope, isAdminRole, type Role } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/i18n/dates.ts';
import { useGroups, useStatistics } from '../api.ts';
import { SERIES_COLORS, weeklySeriesFor } from '../chart-series.ts';
import { BarChart } from './bar-chart.tsx';

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
      {(summary.isLoading || weekly.isLoading) && <Loader size="sm" aria-label={t('common.loading')} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {summary.data?.summary && (
          <BarChart
            testId="summary-chart"
            title={t('statistics.summary')}
            emptyText={t('statistics.empty')}
            series={[{ key: 'count', label: t('statistics.count'), color: '#1c7ed6' }]}
            rows={Object.entries(summary.data.summary).map(([status, count]) => ({
              label: t(`status.${status}`, { defaultValue: status }),
              values: { count },
            }))}
          />
        )}
        {weekly.data?.weekly && (
          <BarChart
            testId="weekly-chart"
            title={t('statistics.weekly')}
            emptyText={t('statistics.empty')}
            series={series}
            rows={weekly.data.weekly.map((w) => ({
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
