import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { EpakList } from '../components/epak-list.tsx';

/** The ePaks list view: the dashboard's folders and list without the charts. */
export function EpaksPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const config = useTenantConfiguration().data;
  if (!user) return null;
  return (
    <Stack>
      <Title order={1} size="h2" data-testid="epaks-title">
        {t('menu.epaks')}
      </Title>
      <EpakList prefs={{ dateFormat: user.dateFormat || config?.dateFormat, timezone: user.timezone }} />
    </Stack>
  );
}
