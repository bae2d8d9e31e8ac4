import { Alert, Button, Card, Code, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { TenantConfiguration } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, useFormFailure } from '../../../app/feedback.tsx';
import { useSaveTenantSettings } from '../../admin/tenant-settings-api.ts';
import { REDIRECT_PATH } from '../microsoft-sign-in.ts';

/**
 * The tenant's Microsoft app for "From OneDrive" (admin settings tab): on or off, the app's client
 * id and the Microsoft tenant. Saved as the `oneDrive` setting; off saves null.
 */
export function OneDriveAppForm({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const save = useSaveTenantSettings();
  const failure = useFormFailure();
  const [enabled, setEnabled] = useState(config.oneDrive !== null);
  const [clientId, setClientId] = useState(config.oneDrive?.clientId ?? '');
  const [authority, setAuthority] = useState(config.oneDrive?.authority ?? 'common');
  const submit = () =>
    void failure.run(async () => {
      await save.mutateAsync({
        oneDrive: enabled ? { clientId: clientId.trim(), authority: authority.trim() || 'common' } : null,
      });
      toast.success(t('onedrive.admin.saved'));
    });
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="settings-onedrive"
      data-testid="settings-section-onedrive"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="settings-onedrive">
            {t('onedrive.admin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('onedrive.admin.hint')}
          </Text>
          <Switch
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            label={t('onedrive.admin.enabled')}
            data-testid="onedrive-enabled"
          />
          {enabled && (
            <>
              <TextInput
                label={t('onedrive.admin.clientId')}
                description={t('onedrive.admin.clientIdHint')}
                value={clientId}
                onChange={(e) => setClientId(e.currentTarget.value)}
                required
                data-testid="onedrive-client-id"
              />
              <TextInput
                label={t('onedrive.admin.authority')}
                description={t('onedrive.admin.authorityHint')}
                value={authority}
                onChange={(e) => setAuthority(e.currentTarget.value)}
                data-testid="onedrive-authority"
              />
              <Text size="sm">
                {t('onedrive.admin.redirectUri', { uri: '' })}
                <Code>{`${window.location.origin}${REDIRECT_PATH}`}</Code>
              </Text>
            </>
          )}
          {failure.error && (
            <Alert color="red" role="alert" data-testid="settings-error-onedrive">
              {failure.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="onedrive-save">
              {t('onedrive.admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
