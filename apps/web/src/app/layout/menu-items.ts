import {
  type AdminMenuItem,
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
  children?: MenuLink[];
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

const ADMIN_PATHS: Record<AdminMenuItem, string> = {
  editReasons: '/admin?tab=reasons',
  editWorkflowStates: '/admin?tab=workflowStates',
  userSyncUp: '/admin?tab=userSyncUp',
  fieldMapping: '/fieldsmapping',
  stamps: '/stamppapers',
};

/**
 * The header menus for a role and the tenant's configuration (spec §2): the top menu, with
 * compose as a dropdown of compose and bulk compose, and the admin group labelled `<key>Menu`.
 */
export function buildMenus(
  role: Role,
  config: Pick<TenantConfiguration, 'features' | 'hiddenMenuItems'> | null,
  isMobileApp = false,
): { top: MenuLink[]; admin: MenuLink[] } {
  const menus = menusFor(role, config, isMobileApp);
  const top = menus.top.map((key): MenuLink => {
    const link: MenuLink = { key, label: `menu.${key}`, to: TOP_PATHS[key] };
    if (key === 'compose') {
      link.children = menus.compose.map((c) => ({ key: c, label: `menu.${c}`, to: `/${c}` }));
    }
    return link;
  });
  const admin = menus.admin.map((key) => ({ key, label: `menu.${key}Menu`, to: ADMIN_PATHS[key] }));
  return { top, admin };
}
