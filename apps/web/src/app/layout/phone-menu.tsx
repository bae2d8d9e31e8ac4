import { Avatar, Burger, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '../api.ts';
import { GlobalSearch } from './global-search.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { MenuIcon } from './menu-icon.tsx';
import type { Menus } from './menu-items.ts';
import { TenantSwitcher } from './tenant-switcher.tsx';
import { SideMenu } from './top-menu.tsx';
import { fullName, type UserMenuProps, userPhoto, useSignOutAndLeave } from './user-menu.tsx';

/** The header's one control on a phone: opens the menu drawer. */
export function PhoneMenuButton({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Burger
      opened={opened}
      onClick={onToggle}
      size="sm"
      aria-label={t('menu.toggle')}
      aria-expanded={opened}
      aria-controls="phone-menu"
      data-testid="phone-menu-button"
    />
  );
}

/**
 * Everything the desktop header holds, for a phone: search, the role's menus (the same
 * `buildMenus` result), organisation, language, help, and the account's actions. Any navigation
 * closes it.
 */
export function PhoneMenu(
  props: UserMenuProps & {
    opened: boolean;
    onClose: () => void;
    menus: Menus;
    showSearch: boolean;
    languages: readonly string[] | undefined;
    onOpenPanel: (panel: 'help' | 'whatsNew') => void;
  },
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const handleSignOut = useSignOutAndLeave();
  const { onClose } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of the address changing
  useEffect(() => {
    onClose();
  }, [pathname, search]);

  const user: CurrentUser = props.user;
  const action = (testId: string, icon: string, label: string, onClick: () => void, color?: string) => (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={<MenuIcon name={icon} />}
      data-testid={testId}
      onClick={onClick}
      c={color}
    />
  );
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      size="100%"
      title={t('phone.openMenu')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      id="phone-menu"
      data-testid="phone-menu"
    >
      <Stack gap="md">
        {props.showSearch && <GlobalSearch fill />}
        <SideMenu top={props.menus.top} admin={props.menus.admin} onNavigate={props.onClose} />
        <Group gap="xs" wrap="wrap">
          <TenantSwitcher user={user} />
          <LanguageMenu allowed={props.languages} />
        </Group>
        <Divider />
        <Stack gap={0} component="section" aria-label={t('phone.account')}>
          <Group gap="xs" wrap="nowrap" px="sm" pb="xs">
            <Avatar src={userPhoto(user)} size="sm" radius="xl" alt="" aria-hidden>
              {user.firstName.slice(0, 1)}
              {user.lastName.slice(0, 1)}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate data-testid="user-name">
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`roles.${user.role}`)}
              </Text>
            </Stack>
          </Group>
          {action('menu-profile', 'profile', t('header.profile'), () => void navigate('/profile'))}
          {action('menu-faq', 'faq', t('header.faq'), () => {
            props.onClose();
            props.onOpenFaq();
          })}
          {action('open-whats-new', 'whatsNew', t('whatsNew.title'), () => {
            props.onClose();
            props.onOpenPanel('whatsNew');
          })}
          {props.onToggleView &&
            action(
              'menu-switch-view',
              'switchView',
              props.view === 'classic' ? t('header.switchToNew') : t('header.switchToClassic'),
              () => {
                props.onClose();
                props.onToggleView?.();
              },
            )}
          {action('menu-logout', 'logout', t('header.logout'), () => void handleSignOut(), 'red.8')}
        </Stack>
      </Stack>
    </Drawer>
  );
}
