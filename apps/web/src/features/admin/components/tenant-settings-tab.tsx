import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { OneDriveAppForm } from '../../onedrive/components/onedrive-app-form.tsx';
import { AnnouncementSettings } from './tenant-settings-announcement.tsx';
import { BrandingSettings } from './tenant-settings-branding.tsx';
import { DocumentSettings, FeatureSettings } from './tenant-settings-features.tsx';
import { RecipientSettings } from './tenant-settings-recipients.tsx';
import { SignInSettings } from './tenant-settings-sign-in.tsx';

/**
 * The tenant's settings in one place (issue 12), `/admin?tab=settings`: one card per section, each
 * with its own Save (`PUT /v1/configuration` with that section's part), each control saying what it does.
 */
export function TenantSettingsTab() {
  const { t } = useTranslation();
  const config = useTenantConfiguration();
  if (config.isPending)
    return <Loader aria-label={t('tenantSettings.loading')} data-testid="settings-loading" />;
  if (!config.data)
    return (
      <Alert color="red" role="alert">
        {t('tenantSettings.loadFailed')}
      </Alert>
    );
  const data = config.data;
  return (
    <Stack data-testid="tenant-settings">
      <Text size="sm" c="dimmed">
        {t('tenantSettings.intro')}
      </Text>
      <SignInSettings config={data} />
      <RecipientSettings config={data} />
      <FeatureSettings config={data} />
      <DocumentSettings config={data} />
      <AnnouncementSettings config={data} />
      <BrandingSettings config={data} />
      <OneDriveAppForm config={data} />
    </Stack>
  );
}
