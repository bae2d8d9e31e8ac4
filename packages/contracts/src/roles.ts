/**
 * Roles and what each may reach (spec §2 top menu, §6 routes by role), as data read by both the
 * server and the web app.
 */

export const Role = [
  'root',
  'admin',
  'custodian',
  'signer',
  'super_admin',
  'submitter',
  'registrar',
] as const;
export type Role = (typeof Role)[number];

/** Roles a user can hold inside a tenant. The super admin manages tenants and belongs to none. */
export const TenantRole = ['root', 'admin', 'custodian', 'signer', 'submitter', 'registrar'] as const;
export type TenantRole = (typeof TenantRole)[number];

/** Roles with the tenant's administration rights. `root` is the tenant owner: an admin that admins cannot demote. */
export const ADMIN_ROLES: readonly Role[] = ['root', 'admin'];
/** Roles that compose and send ePaks. */
export const SENDER_ROLES: readonly Role[] = ['root', 'admin', 'custodian', 'submitter'];

export function isAdminRole(role: Role): boolean {
  return ADMIN_ROLES.includes(role);
}

/** Auto-register options for a new user (spec §6). */
export const AutoRegisterRole = ['signer', 'custodian', 'admin'] as const;

const signerRoutes = [
  'dashboard',
  'changepassword',
  'reports',
  'profile',
  'teamroom',
  'trDocument',
  'verify',
  'authenticate',
  'aadhaar-redirect',
  'features',
] as const;
const senderRoutes = [...signerRoutes, 'compose', 'workflows', 'bulkcompose', 'compare'] as const;
const adminRoutes = [...senderRoutes, 'admin', 'fieldsmapping', 'stamppapers'] as const;

/** Guarded routes each role may open (spec §6 "Routes by role"). Routes not listed anywhere are public. */
export const ROUTES_BY_ROLE: Readonly<Record<Role, readonly string[]>> = {
  signer: signerRoutes,
  submitter: senderRoutes,
  custodian: senderRoutes,
  admin: adminRoutes,
  root: adminRoutes,
  registrar: ['dashboard', 'changepassword', 'profile', 'verify', 'aadhaar-redirect', 'features'],
  // Spec §2: the super admin sees only settings and reports.
  super_admin: ['settings', 'reports', 'changepassword', 'profile', 'authenticate'],
};

/** Every route the role table guards. */
export const GUARDED_ROUTES: readonly string[] = [...new Set(Object.values(ROUTES_BY_ROLE).flat())];

export function canOpenRoute(role: Role, route: string): boolean {
  const name = route.replace(/^\//, '').split(/[/?]/)[0] ?? '';
  if (!GUARDED_ROUTES.includes(name)) return true;
  return ROUTES_BY_ROLE[role].includes(name);
}

export const TopMenuItem = [
  'dashboard',
  'epaks',
  'compose',
  'workflows',
  'settings',
  'teamroom',
  'compare',
  'reports',
  'features',
] as const;
export type TopMenuItem = (typeof TopMenuItem)[number];

export interface MenuContext {
  role: Role;
  teamRoomEnabled: boolean;
  compareEnabled: boolean;
  featuresEnabled: boolean;
  isMobileApp: boolean;
  workflowRestriction: boolean;
  hiddenItems: readonly string[];
}

const menuByRole: Readonly<Record<Role, readonly TopMenuItem[]>> = {
  super_admin: ['settings', 'reports'],
  signer: ['dashboard', 'epaks', 'teamroom', 'reports', 'features'],
  registrar: ['dashboard', 'epaks', 'features'],
  submitter: ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
  custodian: ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
  admin: ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
  root: ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
};

/** The top menu of spec §2 for a role and the tenant's feature flags. */
export function topMenu(ctx: MenuContext): TopMenuItem[] {
  return menuByRole[ctx.role].filter((item) => {
    if (ctx.hiddenItems.includes(item)) return false;
    if (item === 'teamroom') return ctx.teamRoomEnabled;
    if (item === 'compare') return ctx.compareEnabled;
    if (item === 'reports') return !ctx.isMobileApp;
    if (item === 'features') return ctx.featuresEnabled && ctx.role !== 'super_admin';
    if (item === 'workflows') return !(ctx.role === 'submitter' && ctx.workflowRestriction);
    return true;
  });
}

export const AdminMenuItem = [
  'editReasons',
  'editWorkflowStates',
  'userSyncUp',
  'fieldMapping',
  'stamps',
] as const;
export type AdminMenuItem = (typeof AdminMenuItem)[number];

export interface AdminMenuContext {
  role: Role;
  advancedAdminSettings: boolean;
  userSyncUpAllowed: boolean;
  webFormEnabled: boolean;
  stampPaperEnabled: boolean;
  hiddenItems: readonly string[];
}

/** The admin menu group (spec §2): shown when advanced admin settings are on; each label is `<key>Menu`. */
export function adminMenu(ctx: AdminMenuContext): AdminMenuItem[] {
  if (!isAdminRole(ctx.role) || !ctx.advancedAdminSettings) return [];
  return AdminMenuItem.filter((item) => {
    if (ctx.hiddenItems.includes(item)) return false;
    if (item === 'userSyncUp') return ctx.userSyncUpAllowed;
    if (item === 'fieldMapping') return ctx.webFormEnabled;
    if (item === 'stamps') return ctx.stampPaperEnabled;
    return true;
  });
}

/** The tenant facts the menus depend on (a subset of the tenant configuration). */
export interface MenuSettings {
  features: {
    teamRoom: boolean;
    compare: boolean;
    features: boolean;
    workflowRestriction: boolean;
    advancedAdminSettings: boolean;
    userSyncUp: boolean;
    webForm: boolean;
    stampPaper: boolean;
  };
  hiddenMenuItems: readonly string[];
}

export const ComposeMenuItem = ['compose', 'bulkcompose'] as const;
export type ComposeMenuItem = (typeof ComposeMenuItem)[number];

/**
 * Every menu of spec §2 for a role in a tenant: the web app's header and `GET /v1/accessibilities`
 * both come from here, so an API client sees exactly what the web app shows.
 */
export function menusFor(
  role: Role,
  settings: MenuSettings | null,
  isMobileApp = false,
): { top: TopMenuItem[]; compose: ComposeMenuItem[]; admin: AdminMenuItem[] } {
  const f = settings?.features;
  const hiddenItems = settings?.hiddenMenuItems ?? [];
  const top = topMenu({
    role,
    teamRoomEnabled: f?.teamRoom ?? false,
    compareEnabled: f?.compare ?? false,
    featuresEnabled: f?.features ?? false,
    isMobileApp,
    workflowRestriction: f?.workflowRestriction ?? false,
    hiddenItems,
  });
  const compose = top.includes('compose') ? ComposeMenuItem.filter((c) => !hiddenItems.includes(c)) : [];
  const admin = adminMenu({
    role,
    advancedAdminSettings: f?.advancedAdminSettings ?? false,
    userSyncUpAllowed: f?.userSyncUp ?? false,
    webFormEnabled: f?.webForm ?? false,
    stampPaperEnabled: f?.stampPaper ?? false,
    hiddenItems,
  });
  return { top, compose, admin };
}
