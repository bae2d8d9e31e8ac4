import { Box, Container, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LogoMark, PRODUCT_NAME } from '../../ui/brand/logo-mark.tsx';
import { usePublicConfiguration } from '../api.ts';
import { LazyLanguageMenu as LanguageMenu } from '../lazy-language-menu.tsx';
import { ANNOUNCEMENT_ROUTES } from './announcement.ts';
import { AnnouncementBanner } from './announcement-banner.tsx';

/** Pages before sign-in (and /accessdenied): the product name, the language dropdown, the page. */
export function GuestLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = usePublicConfiguration();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="md" py="sm" component="header">
        <Group gap="xs" wrap="nowrap">
          {(config.data?.appName ?? PRODUCT_NAME) === PRODUCT_NAME && <LogoMark size={30} />}
          <Title order={2} size="h3" c="blue.8">
            {config.data?.appName ?? t('app.name')}
          </Title>
        </Group>
        <LanguageMenu allowed={config.data?.languages} />
      </Group>
      <Container size="sm" component="main" py="lg">
        <Stack>
          {ANNOUNCEMENT_ROUTES.includes(pathname) && <AnnouncementBanner />}
          <Outlet />
        </Stack>
      </Container>
    </Box>
  );
}
