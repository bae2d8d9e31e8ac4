import {
  type AdminMenuItem,
  type AdminPageMenuItem,
  adminPageMenu,
  menusFor,
  type Role,
  type TenantConfiguration,
  type TopMenuItem,
} from '@signet/contracts';

export interface MenuLink {
  key: string;
  /** i18n key of the label. */
  label: string;
  to: string;
  /** Its icon's name in `menu-icons.ts`. */
  icon: string;
  children?: MenuLink[];
  /** The first entry of a new section of its group (a divider before it). */
  startsSection?: boolean;
}

export interface Menus {
  top: MenuLink[];
  admin: MenuLink[];
}

const TOP_PATHS: Record<TopMenuItem, string> = {
  dashboard: '/dashboard',
  epaks: '/epaks',
  compose: '/compose',
  workflows: '/workflows',
  settings: '/settings',
  teamroom: '/teamroom',
  compare: '/compare',
  reports: '/reports',
  features: '/features',
};

const ADMIN_PATHS: Record<AdminMenuItem | AdminPageMenuItem, string> = {
  users: '/admin?tab=users',
  groups: '/admin?tab=groups',
  tenantSettings: '/admin?tab=settings',
  integrations: '/admin?tab=integrations',
  webhooks: '/admin?tab=webhooks',
  sso: '/admin?tab=sso',
  editReasons: '/admin?tab=reasons',
  editWorkflowStates: '/admin?tab=workflowStates',
  userSyncUp: '/admin?tab=userSyncUp',
  fieldMapping: '/fieldsmapping',
  stamps: '/stamppapers',
  rubberStamps: '/admin?tab=rubberStamps',
};

/** The Admin group's order: people and the organisation first, then what documents use. */
const ADMIN_ORDER: readonly (AdminMenuItem | AdminPageMenuItem)[] = [
  'users',
  'groups',
  'tenantSettings',
  'integrations',
  'webhooks',
  'sso',
  'editReasons',
  'editWorkflowStates',
  'userSyncUp',
  'fieldMapping',
  'stamps',
  'rubberStamps',
];
const inSecond = (key: (typeof ADMIN_ORDER)[number] | undefined) =>
  key !== undefined && ADMIN_ORDER.indexOf(key) >= ADMIN_ORDER.indexOf('editReasons');

/**
 * The header menus for a role and the tenant's configuration (spec §2): the top menu, with
 * compose as a dropdown of compose and bulk compose, and the Admin group — the admin page's
 * tabs the role may open (users, groups, settings…) and the spec's items, each labelled
 * `<key>Menu`. The classic top menu, the new layout's side menu and the phone menu all show this.
 */
export function buildMenus(
  role: Role,
  config: Pick<TenantConfiguration, 'features' | 'hiddenMenuItems'> | null,
  isMobileApp = false,
): Menus {
  const menus = menusFor(role, config, isMobileApp);
  const top = menus.top.map((key): MenuLink => {
    const link: MenuLink = { key, label: `menu.${key}`, to: TOP_PATHS[key], icon: key };
    if (key === 'compose') {
      link.children = menus.compose.map((c) => ({
        key: c,
        label: `menu.${c}`,
        to: `/${c}`,
        icon: c === 'compose' ? 'composeOne' : c,
      }));
    }
    return link;
  });
  const adminPages = adminPageMenu({
    role,
    rubberStampEnabled: config?.features.rubberStamp ?? false,
    hiddenItems: config?.hiddenMenuItems ?? [],
  });
  const offered = new Set<string>([...adminPages, ...menus.admin]);
  const admin = ADMIN_ORDER.filter((key) => offered.has(key)).map(
    (key, i, all): MenuLink => ({
      key,
      label: `menu.${key}Menu`,
      to: ADMIN_PATHS[key],
      icon: key,
      ...(i > 0 && inSecond(key) && !inSecond(all[i - 1]) ? { startsSection: true } : {}),
    }),
  );
  return { top, admin };
}

/** The top menu with the Admin group as its last entry: what the three menus lay out. */
export function menuEntries({ top, admin }: Menus): MenuLink[] {
  if (admin.length === 0) return top;
  return [...top, { key: 'admin', label: 'menu.adminGroup', to: '/admin', icon: 'admin', children: admin }];
}

/** Whether `link` (or one of its children) is the page at `pathname` + `search`. */
export function isActiveLink(pathname: string, search: string, link: MenuLink): boolean {
  const [path, query] = link.to.split('?');
  let here = pathname === path;
  if (here && query) {
    const asked = new URLSearchParams(query);
    const current = new URLSearchParams(search);
    here = [...asked].every(([k, v]) => current.get(k) === v);
  }
  return here || (link.children ?? []).some((c) => isActiveLink(pathname, search, c));
}

/** Space between the bar's entries, and inside its edges (room for a focused entry's ring). */
export const MENU_GAP = 4;
export const MENU_EDGE = 4;

/**
 * How many of the entries (widths in px, in order) fit in `available` px, leaving room for the
 * "More" button (`more` px) when not all do. Pure, so the rule is tested without a browser.
 */
export function entriesThatFit(widths: readonly number[], more: number, available: number): number {
  const sum = (n: number) => widths.slice(0, n).reduce((a, w) => a + w, 0) + MENU_GAP * Math.max(0, n - 1);
  if (sum(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && sum(n) + MENU_GAP + more > available) n--;
  return n;
}
