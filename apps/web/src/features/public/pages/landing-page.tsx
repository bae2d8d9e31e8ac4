import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEATURE_KEYS } from '../feature-keys.ts';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1}>{t('landing.title')}</Title>
        <Text>{t('landing.text')}</Text>
        <List>
          {FEATURE_KEYS.slice(0, 5).map((k) => (
            <List.Item key={k}>{t(`features.items.${k}`)}</List.Item>
          ))}
        </List>
        <Group>
          <Button component={Link} to="/login" data-testid="landing-sign-in">
            {t('auth.signIn')}
          </Button>
          <Button component={Link} to="/signup" variant="light" data-testid="landing-sign-up">
            {t('auth.createOrganisation')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
