import { Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDirectorySettings } from '../directory-api.ts';
import { DirectoryRuns } from './directory-runs.tsx';
import { DirectorySettingsForm } from './directory-settings-form.tsx';

/** `/admin?tab=userSyncUp`: the LDAP directory connection and its synchronisations (admins). */
export function DirectoryTab() {
  const { t } = useTranslation();
  const settings = useDirectorySettings();
  if (!settings.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  return (
    <Stack data-testid="admin-directory">
      <DirectorySettingsForm
        // A saved connection replaces the form's defaults once (a new key remounts it).
        key={settings.data.updatedAt ?? 'new'}
        config={settings.data.config}
        hasBindPassword={settings.data.hasBindPassword}
      />
      <DirectoryRuns configured={settings.data.config !== null} />
    </Stack>
  );
}
