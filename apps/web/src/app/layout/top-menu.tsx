import { Button, Group, Menu, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import type { MenuLink } from './menu-items.ts';

function isActive(pathname: string, link: MenuLink): boolean {
  const path = link.to.split('?')[0] ?? link.to;
  return pathname === path || (link.children ?? []).some((c) => isActive(pathname, c));
}

/** The classic layout's horizontal menu: dropdowns for compose and the admin group. */
export function TopMenu({ top, admin }: { top: MenuLink[]; admin: MenuLink[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dropdown = (key: string, label: string, items: MenuLink[], active: boolean) => (
    <Menu key={key} trigger="click-hover" withinPortal>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          size="compact-sm"
          style={{ flexShrink: 0 }}
          data-testid={`nav-${key}`}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((c) => (
          <Menu.Item key={c.key} data-testid={`nav-${key}-${c.key}`} onClick={() => void navigate(c.to)}>
            {t(c.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Group
      gap={4}
      component="nav"
      aria-label={t('menu.main')}
      data-testid="top-menu"
      wrap="nowrap"
      style={{ minWidth: 0, overflowX: 'auto' }}
    >
      {top.map((link) =>
        link.children && link.children.length > 0 ? (
          dropdown(link.key, t(link.label), link.children, isActive(pathname, link))
        ) : (
          <Button
            key={link.key}
            component={RouterNavLink}
            to={link.to}
            variant={isActive(pathname, link) ? 'light' : 'subtle'}
            size="compact-sm"
            style={{ flexShrink: 0 }}
            data-testid={`nav-${link.key}`}
          >
            {t(link.label)}
          </Button>
        ),
      )}
      {admin.length > 0 &&
        dropdown(
          'admin',
          t('menu.adminGroup'),
          admin,
          admin.some((l) => isActive(pathname, l)),
        )}
    </Group>
  );
}

/** The new layout's side navigation: the same items, children nested. */
export function SideMenu({
  top,
  admin,
  onNavigate,
}: {
  top: MenuLink[];
  admin: MenuLink[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = (link: MenuLink, testPrefix = 'nav') => (
    <NavLink
      key={link.key}
      component={RouterNavLink}
      to={link.to}
      label={t(link.label)}
      active={isActive(pathname, link)}
      onClick={onNavigate}
      data-testid={`${testPrefix}-${link.key}`}
    />
  );
  return (
    <Stack gap={0} component="nav" aria-label={t('menu.main')} data-testid="top-menu">
      {top.map((link) =>
        link.children && link.children.length > 0 ? (
          <NavLink
            key={link.key}
            label={t(link.label)}
            data-testid={`nav-${link.key}`}
            defaultOpened={isActive(pathname, link)}
          >
            {link.children.map((c) => item(c, `nav-${link.key}`))}
          </NavLink>
        ) : (
          item(link)
        ),
      )}
      {admin.length > 0 && (
        <NavLink
          label={t('menu.adminGroup')}
          data-testid="nav-admin"
          defaultOpened={admin.some((l) => isActive(pathname, l))}
        >
          {admin.map((c) => item(c, 'nav-admin'))}
        </NavLink>
      )}
    </Stack>
  );
}
