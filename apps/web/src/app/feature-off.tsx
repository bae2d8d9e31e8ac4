import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a screen behind a tenant switch shows while the switch is off: where an admin turns it on.
 * The words are the feature's own, under `keyPrefix` (`off`, `offHint`, `openSettings`).
 */
export function FeatureOff({ keyPrefix, testId }: { keyPrefix: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t(`${keyPrefix}.off`)} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{t(`${keyPrefix}.offHint`)}</Text>
        <Anchor component={Link} to="/admin?tab=settings" size="sm">
          {t(`${keyPrefix}.openSettings`)}
        </Anchor>
      </Stack>
    </Alert>
  );
}
