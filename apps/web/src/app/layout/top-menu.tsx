import { Button, Menu, NavLink, Stack } from '@mantine/core';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from './menu-icon.tsx';
import {
  MENU_EDGE as EDGE,
  entriesThatFit,
  MENU_GAP as GAP,
  isActiveLink,
  type MenuLink,
  type Menus,
  menuEntries,
} from './menu-items.ts';

function GroupItems({ link, testPrefix }: { link: MenuLink; testPrefix: string }) {
  const { t } = useTranslation();
  return (link.children ?? []).map((c) => (
    <Fragment key={c.key}>
      {c.startsSection && <Menu.Divider />}
      <Menu.Item
        component={Link}
        to={c.to}
        leftSection={<MenuIcon name={c.icon} />}
        data-testid={`${testPrefix}-${c.key}`}
      >
        {t(c.label)}
      </Menu.Item>
    </Fragment>
  ));
}

/** One entry of the bar: a link, or a group's button with its dropdown. */
function BarEntry({ link, active }: { link: MenuLink; active: boolean }) {
  const { t } = useTranslation();
  const common = {
    variant: active ? 'light' : 'subtle',
    size: 'compact-sm',
    leftSection: <MenuIcon name={link.icon} />,
    style: { flexShrink: 0 },
    'data-testid': `nav-${link.key}`,
  } as const;
  if (!link.children?.length) {
    return (
      <Button component={Link} to={link.to} aria-current={active ? 'page' : undefined} {...common}>
        {t(link.label)}
      </Button>
    );
  }
  return (
    <Menu trigger="click-hover" withinPortal position="bottom-start">
      <Menu.Target>
        <Button {...common} rightSection={<MenuIcon name="chevron" size={14} />}>
          {t(link.label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <GroupItems link={link} testPrefix={`nav-${link.key}`} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The same entry drawn off-screen, to measure: what it would take on the bar in this language.
 * Never focusable or read out.
 */
function MeasuredEntry({ link }: { link: Pick<MenuLink, 'label' | 'icon' | 'children'> }) {
  const { t } = useTranslation();
  return (
    <Button
      component="span"
      size="compact-sm"
      variant="subtle"
      leftSection={<MenuIcon name={link.icon} />}
      rightSection={link.children ? <MenuIcon name="chevron" size={14} /> : undefined}
      style={{ flexShrink: 0 }}
    >
      {t(link.label)}
    </Button>
  );
}

/**
 * The classic layout's horizontal menu: the role's entries (compose and the Admin group as
 * dropdowns) as long as they fit; the ones that do not move, in order, into a "More" menu at
 * the end, so no entry is ever cut or hidden. What fits is measured (a hidden copy of the bar)
 * whenever the bar's width or its words change (language, icons loading, another tenant).
 */
export function TopMenu({ top, admin }: Menus) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const entries = menuEntries({ top, admin });
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(entries.length);
  const signature = entries.map((e) => e.key).join(' ');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the measuring restarts when the entries change
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const fit = () => {
      // A bar that is not laid out (hidden, or a test's DOM without layout) has no width to share:
      // every entry stays on it rather than all moving into More.
      if (nav.clientWidth === 0) {
        setShown(entries.length);
        return;
      }
      const widths = [...measure.children].map((el) => Math.ceil(el.getBoundingClientRect().width));
      const more = widths.pop() ?? 0;
      setShown(entriesThatFit(widths, more, nav.clientWidth - 2 * EDGE));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [signature]);

  const visible = entries.slice(0, shown);
  const overflow = entries.slice(shown);
  return (
    <nav
      ref={navRef}
      aria-label={t('menu.main')}
      data-testid="top-menu"
      style={{
        flex: 1,
        minWidth: 0,
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: GAP,
        padding: `${EDGE}px ${EDGE}px`,
        overflowX: 'clip',
      }}
    >
      {visible.map((link) => (
        <BarEntry key={link.key} link={link} active={isActiveLink(pathname, search, link)} />
      ))}
      {overflow.length > 0 && (
        <Menu withinPortal position="bottom-end">
          <Menu.Target>
            <Button
              variant={overflow.some((l) => isActiveLink(pathname, search, l)) ? 'light' : 'subtle'}
              size="compact-sm"
              leftSection={<MenuIcon name="more" />}
              rightSection={<MenuIcon name="chevron" size={14} />}
              style={{ flexShrink: 0 }}
              data-testid="nav-more"
            >
              {t('menu.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown data-testid="nav-more-menu">
            {overflow.map((link, i) =>
              link.children?.length ? (
                <Fragment key={link.key}>
                  {i > 0 && <Menu.Divider />}
                  <Menu.Label>{t(link.label)}</Menu.Label>
                  <GroupItems link={link} testPrefix={`nav-${link.key}`} />
                </Fragment>
              ) : (
                <Menu.Item
                  key={link.key}
                  component={Link}
                  to={link.to}
                  leftSection={<MenuIcon name={link.icon} />}
                  data-testid={`nav-more-${link.key}`}
                >
                  {t(link.label)}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <div
        ref={measureRef}
        aria-hidden
        inert
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: 'max-content',
          display: 'flex',
          gap: GAP,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      >
        {entries.map((link) => (
          <MeasuredEntry key={link.key} link={link} />
        ))}
        <MeasuredEntry link={{ label: 'menu.more', icon: 'more', children: [] }} />
      </div>
    </nav>
  );
}

/** The new layout's side navigation and the phone menu: the same entries, groups nested. */
export function SideMenu({ top, admin, onNavigate }: Menus & { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const item = (link: MenuLink, testPrefix = 'nav') => {
    const active = isActiveLink(pathname, search, link);
    return (
      <NavLink
        key={link.key}
        component={Link}
        to={link.to}
        label={t(link.label)}
        leftSection={<MenuIcon name={link.icon} />}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        data-testid={`${testPrefix}-${link.key}`}
      />
    );
  };
  return (
    <Stack gap={0} component="nav" aria-label={t('menu.main')} data-testid="top-menu">
      {menuEntries({ top, admin }).map((link) =>
        link.children && link.children.length > 0 ? (
          <NavLink
            key={link.key}
            label={t(link.label)}
            leftSection={<MenuIcon name={link.icon} />}
            data-testid={`nav-${link.key}`}
            defaultOpened={isActiveLink(pathname, search, link)}
          >
            {link.children.map((c) => item(c, `nav-${link.key}`))}
          </NavLink>
        ) : (
          item(link)
        ),
      )}
    </Stack>
  );
}
