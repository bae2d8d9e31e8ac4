import { Button, Collapse, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { usePhone } from '../../../app/layout/use-phone.ts';
import { EpakList } from '../components/epak-list.tsx';
import { StatisticsPanel } from '../components/statistics-panel.tsx';

/**
 * `/dashboard`: the statistics, then the ePak folders and list. On a phone the inbox comes first
 * and the statistics wait below, folded, until asked for.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const config = useTenantConfiguration().data;
  const phone = usePhone();
  const [statsOpened, stats] = useDisclosure(false);
  if (!user) return null;
  const prefs = { dateFormat: user.dateFormat || config?.dateFormat, timezone: user.timezone };
  const title = (
    <Title order={1} size="h2" data-testid="dashboard-title">
      {t('dashboard.title')}
    </Title>
  );
  if (phone) {
    return (
      <Stack>
        {title}
        <EpakList prefs={prefs} />
        <Button
          variant="light"
          onClick={stats.toggle}
          aria-expanded={statsOpened}
          aria-controls="dashboard-statistics"
          data-testid="statistics-toggle"
        >
          {statsOpened ? t('phone.hideStatistics') : t('phone.showStatistics')}
        </Button>
        <Collapse expanded={statsOpened} id="dashboard-statistics">
          {/* Asked for only when opened: a phone's data plan pays for charts nobody looked at. */}
          {statsOpened && <StatisticsPanel role={user.role} />}
        </Collapse>
      </Stack>
    );
  }
  return (
    <Stack>
      {title}
      <StatisticsPanel role={user.role} />
      <EpakList prefs={prefs} />
    </Stack>
  );
}
