import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CurrentUser, useSignOut } from '../api.ts';
import { MenuIcon } from './menu-icon.tsx';
import { TextMarquee } from './text-marquee.tsx';
import type { ViewPreference } from './view-preference.ts';

export function fullName(u: { firstName: string; middleName?: string; lastName: string }): string {
  return [u.firstName, u.middleName, u.lastName].filter(Boolean).join(' ');
}

export function userPhoto(user: CurrentUser): string | null {
  return user.userImage ? `data:${user.userImageType ?? 'image/png'};base64,${user.userImage}` : null;
}

/** Signs out, then shows the sign-in page (the header's menu and the phone menu alike). */
export function useSignOutAndLeave(): () => Promise<void> {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return async () => {
    await signOut.mutateAsync();
    void navigate('/login');
  };
}

export interface UserMenuProps {
  user: CurrentUser;
  view: ViewPreference;
  onToggleView: (() => void) | null;
  onOpenFaq: () => void;
}

/** Profile, FAQ, switch view (not for a super admin) and sign-out. */
export function UserMenu(props: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handleSignOut = useSignOutAndLeave();
  const name = fullName(props.user);
  const photo = userPhoto(props.user);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={photo} size="sm" radius="xl" alt="" aria-hidden>
              {props.user.firstName.slice(0, 1)}
              {props.user.lastName.slice(0, 1)}
            </Avatar>
            <TextMarquee maxWidth={110}>
              <Text size="sm" span data-testid="user-name">
                {name}
              </Text>
            </TextMarquee>
            <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t(`roles.${props.user.role}`)}</Menu.Label>
        <Menu.Item
          leftSection={<MenuIcon name="profile" />}
          data-testid="menu-profile"
          onClick={() => void navigate('/profile')}
        >
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<MenuIcon name="faq" />} data-testid="menu-faq" onClick={props.onOpenFaq}>
          {t('header.faq')}
        </Menu.Item>
        {props.onToggleView && (
          <Menu.Item
            leftSection={<MenuIcon name="switchView" />}
            data-testid="menu-switch-view"
            onClick={props.onToggleView}
          >
            {props.view === 'classic' ? t('header.switchToNew') : t('header.switchToClassic')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<MenuIcon name="logout" />}
          data-testid="menu-logout"
          onClick={() => void handleSignOut()}
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
