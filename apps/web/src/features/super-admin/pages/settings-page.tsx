import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { PlatformCard } from '../components/platform-card.tsx';
import { SuperAdminsCard } from '../components/super-admins-card.tsx';
import { TenantsCard } from '../components/tenants-card.tsx';

/** `/settings`: the super admin's console — tenants, super admins and the platform's settings (issue 12). */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="page-settings">
      <PageHeader title={t('superAdmin.title')} description={t('superAdmin.intro')} />
      <TenantsCard />
      <SuperAdminsCard />
      <PlatformCard />
    </Stack>
  );
}
