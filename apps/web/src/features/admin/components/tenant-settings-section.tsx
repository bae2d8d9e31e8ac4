import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, useFormFailure } from '../../../app/feedback.tsx';
import { type TenantSettingsPatch, useSaveTenantSettings } from '../tenant-settings-api.ts';

/** Saves a section's part of the settings; a refusal (-6 and the like) is shown in the section. */
export function useSectionSave() {
  const { t } = useTranslation();
  const save = useSaveTenantSettings();
  const failure = useFormFailure();
  const run = (patch: TenantSettingsPatch): Promise<boolean> =>
    failure.run(async () => {
      await save.mutateAsync(patch);
      toast.success(t('tenantSettings.saved'));
    });
  return { run, error: failure.error, pending: save.isPending };
}

/** One section of the settings tab: a titled card, its controls, its error and its own Save. */
export function SettingsSection({
  id,
  onSubmit,
  error,
  pending,
  children,
}: {
  id: string;
  onSubmit: () => void;
  error: string | null;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      data-testid={`settings-section-${id}`}
      component="section"
      aria-labelledby={`settings-${id}`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`settings-${id}`}>
            {t(`tenantSettings.${id}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`tenantSettings.${id}.hint`)}
          </Text>
          {children}
          {error && (
            <Alert color="red" role="alert" data-testid={`settings-error-${id}`}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={pending} data-testid={`settings-save-${id}`}>
              {t('tenantSettings.save', { section: t(`tenantSettings.${id}.title`) })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
