import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfiguration } from '../../../app/api.ts';

/**
 * Platform settings. Whether anyone may sign up is installation configuration
 * (`SIGNET_ALLOW_SIGNUP`), so it is shown here, not changed.
 */
export function PlatformCard() {
  const { t } = useTranslation();
  const config = usePublicConfiguration();
  const allowed = config.data?.allowSignup;
  return (
    <Card withBorder data-testid="sa-platform">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('superAdmin.platform.title')}
        </Title>
        <Group gap="sm">
          <Text>{t('superAdmin.platform.signup')}</Text>
          {allowed !== undefined && (
            <Badge variant="dot" color={allowed ? 'green' : 'gray'} data-testid="sa-platform-signup">
              {t(allowed ? 'superAdmin.platform.allowed' : 'superAdmin.platform.notAllowed')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('superAdmin.platform.signupHint')}
        </Text>
      </Stack>
    </Card>
  );
}
