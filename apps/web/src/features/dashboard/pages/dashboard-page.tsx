import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { EpakList } from '../components/epak-list.tsx';
import { StatisticsPanel } from '../components/statistics-panel.tsx';

/** `/dashboard`: the statistics, then the ePak folders and list. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const config = useTenantConfiguration().data;
  if (!user) return null;
  const prefs = { dateFormat: user.dateFormat || config?.dateFormat, timezone: user.timezone };
  return (
    <Stack>
      <Title order={1} size="h2" data-testid="dashboard-title">
        {t('dashboard.title')}
      </Title>
      <StatisticsPanel role={user.role} />
      <EpakList prefs={prefs} />
    </Stack>
  );
}
