import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlatformCard } from '../components/platform-card.tsx';
import { SuperAdminsCard } from '../components/super-admins-card.tsx';
import { TenantsCard } from '../components/tenants-card.tsx';

/** `/settings`: the super admin's console — tenants, super admins and the platform's settings (issue 12). */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="page-settings">
      <Title order={1} size="h2">
        {t('superAdmin.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('superAdmin.intro')}
      </Text>
      <TenantsCard />
      <SuperAdminsCard />
      <PlatformCard />
    </Stack>
  );
}
