import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A screen that exists as a route but whose content another part of the work delivers. */
export function PendingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = pathname.replace(/^\//, '').split('/')[0] ?? '';
  return (
    <Paper withBorder p="xl" data-testid={`page-${name}`}>
      <Title order={1} size="h2">
        {t(`pages.${name}`, { defaultValue: name })}
      </Title>
      <Text c="dimmed">{t('pages.pending')}</Text>
    </Paper>
  );
}
