import { ActionIcon, AppShell, Burger, Group, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { InvitationPrompt } from '../../features/invitations/components/invitation-prompt.tsx';
import { useCurrentUser, useTenantConfiguration } from '../api.ts';
import { BrandMark, useBrandColour } from '../branding/brand-mark.tsx';
import { changeLanguage, i18n, isLanguage } from '../i18n/i18n.ts';
import { useNotificationSocket } from '../notifications/use-notification-socket.ts';
import { PageLoader } from '../routing/guards.tsx';
import { StorageKey } from '../session/session-store.ts';
import { AnnouncementBanner } from './announcement-banner.tsx';
import { HeaderSearch } from './header-search.tsx';
import { HelpPanels, type Panel } from './help-panels.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { MenuIcon } from './menu-icon.tsx';
import { buildMenus } from './menu-items.ts';
import { isMobileApp } from './mobile-app.ts';
import { PhoneMenu, PhoneMenuButton } from './phone-menu.tsx';
import { NO_SEARCH_PATHS } from './search-target.ts';
import { TenantSwitcher } from './tenant-switcher.tsx';
import { SideMenu, TopMenu } from './top-menu.tsx';
import { usePhone } from './use-phone.ts';
import { UserMenu } from './user-menu.tsx';
import { useViewPreference } from './view-preference.ts';

/** Each user's own language applies after sign-in, unless this browser already chose one. */
function useUserLocale(locale: string) {
  useEffect(() => {
    if (isLanguage(locale) && !localStorage.getItem(StorageKey.locale) && locale !== i18n.language) {
      void changeLanguage(locale);
    }
  }, [locale]);
}

/** Signed-in pages: header with menus, search and user controls, in the classic or the new layout. */
export function AppLayout() {
  const user = useCurrentUser();
  const config = useTenantConfiguration();
  const ready = user.data && (config.data || config.isError) ? user.data : null;
  // The answers arrive through the query cache's store, which React renders at once, in one
  // task; deferred, the whole shell and page render in slices (a transition) instead, so that
  // a slow phone keeps answering while they do (issue 21).
  const shown = useDeferredValue(ready);
  if (!shown) return <PageLoader />;
  return <SignedInShell user={shown} />;
}

function SignedInShell({ user }: { user: NonNullable<ReturnType<typeof useCurrentUser>['data']> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useTenantConfiguration().data ?? null;
  const { view, toggle } = useViewPreference(user.role);
  const [panel, setPanel] = useState<Panel>(null);
  const [navOpened, nav] = useDisclosure(false);
  const phone = usePhone();
  const menus = buildMenus(user.role, config, isMobileApp());
  const showSearch = user.role !== 'super_admin' && !NO_SEARCH_PATHS.includes(pathname);
  useNotificationSocket(user.role !== 'super_admin' ? config : null);
  useUserLocale(user.locale);
  useBrandColour(config?.branding.primaryColor);

  const isNew = view === 'new';
  const page = (
    <>
      <AppShell.Main>
        <Stack>
          {pathname === '/dashboard' && <AnnouncementBanner />}
          <Outlet />
          <InvitationPrompt enabled />
        </Stack>
      </AppShell.Main>
      <HelpPanels open={panel} onClose={() => setPanel(null)} />
    </>
  );
  if (phone) {
    // One menu button holds everything: the header never has more than a phone's width to give.
    return (
      <AppShell header={{ height: 56 }} padding="xs" transitionDuration={0} data-testid={`layout-${view}`}>
        <AppShell.Header>
          <Group h="100%" px="xs" gap="xs" wrap="nowrap">
            <PhoneMenuButton opened={navOpened} onToggle={nav.toggle} />
            <Link to="/" style={{ textDecoration: 'none', minWidth: 0 }}>
              <BrandMark branding={config?.branding} order={1} />
            </Link>
          </Group>
        </AppShell.Header>
        <PhoneMenu
          opened={navOpened}
          onClose={nav.close}
          menus={menus}
          showSearch={showSearch}
          languages={config?.languages}
          user={user}
          view={view}
          onToggleView={toggle}
          onOpenFaq={() => setPanel('help')}
          onOpenPanel={setPanel}
        />
        {page}
      </AppShell>
    );
  }
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={isNew ? { width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
      padding="md"
      // Switching layouts should not slide the page under the navigation (nor a screenshot catch it mid-way).
      transitionDuration={0}
      data-testid={`layout-${view}`}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The menu gives way (and scrolls) before the user's own controls leave the screen. */}
          <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            {isNew && (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('menu.toggle')}
              />
            )}
            <Link to="/" style={{ textDecoration: 'none' }}>
              <BrandMark branding={config?.branding} order={1} />
            </Link>
            {!isNew && <TopMenu top={menus.top} admin={menus.admin} />}
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {showSearch && <HeaderSearch foldable={!isNew} />}
            <TenantSwitcher user={user} />
            <LanguageMenu allowed={config?.languages} />
            <Tooltip label={t('help.title')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('help.title')}
                data-testid="open-help"
                onClick={() => setPanel('help')}
              >
                <MenuIcon name="faq" size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('whatsNew.title')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('whatsNew.title')}
                data-testid="open-whats-new"
                onClick={() => setPanel('whatsNew')}
              >
                <MenuIcon name="whatsNew" size={18} />
              </ActionIcon>
            </Tooltip>
            <UserMenu user={user} view={view} onToggleView={toggle} onOpenFaq={() => setPanel('help')} />
          </Group>
        </Group>
      </AppShell.Header>
      {isNew && (
        <AppShell.Navbar p="xs">
          <SideMenu top={menus.top} admin={menus.admin} onNavigate={nav.close} />
        </AppShell.Navbar>
      )}
      {page}
    </AppShell>
  );
}
