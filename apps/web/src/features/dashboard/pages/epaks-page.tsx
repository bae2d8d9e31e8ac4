import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { EpakList } from '../components/epak-list.tsx';

/** The ePaks list view: the dashboard's folders and list without the charts. */
export function EpaksPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const config = useTenantConfiguration().data;
  if (!user) return null;
  return (
    <Stack>
      <PageHeader title={t('menu.epaks')} description={t('epaks.description')} data-testid="epaks-title" />
      <EpakList prefs={{ dateFormat: user.dateFormat || config?.dateFormat, timezone: user.timezone }} />
    </Stack>
  );
}
