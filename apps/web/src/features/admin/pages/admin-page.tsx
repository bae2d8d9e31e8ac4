import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallbacksCard } from '../components/callbacks-card.tsx';
import { IntegrationsCard } from '../components/integrations-card.tsx';

/** `/admin`: the tenant administration an admin reaches from the menu; integrations for now. */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="page-admin">
      <Title order={1} size="h2">
        {t('pages.admin')}
      </Title>
      <IntegrationsCard />
      <CallbacksCard />
    </Stack>
  );
}
