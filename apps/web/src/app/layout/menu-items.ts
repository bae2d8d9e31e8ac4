import {
  type AdminMenuItem,
  adminMenu,
  type Role,
  type TenantConfiguration,
  type TopMenuItem,
  topMenu,
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
  const features = config?.features;
  const hiddenItems = config?.hiddenMenuItems ?? [];
  const top = topMenu({
    role,
    teamRoomEnabled: features?.teamRoom ?? false,
    compareEnabled: features?.compare ?? false,
    featuresEnabled: features?.features ?? false,
    isMobileApp,
    workflowRestriction: features?.workflowRestriction ?? false,
    hiddenItems,
  }).map((key): MenuLink => {
    const link: MenuLink = { key, label: `menu.${key}`, to: TOP_PATHS[key] };
    if (key === 'compose') {
      link.children = [
        { key: 'compose', label: 'menu.compose', to: '/compose' },
        { key: 'bulkcompose', label: 'menu.bulkcompose', to: '/bulkcompose' },
      ].filter((c) => !hiddenItems.includes(c.key));
    }
    return link;
  });
  const admin = adminMenu({
    role,
    advancedAdminSettings: features?.advancedAdminSettings ?? false,
    userSyncUpAllowed: features?.userSyncUp ?? false,
    webFormEnabled: features?.webForm ?? false,
    stampPaperEnabled: features?.stampPaper ?? false,
    hiddenItems,
  }).map((key) => ({ key, label: `menu.${key}Menu`, to: ADMIN_PATHS[key] }));
  return { top, admin };
}
