import { canOpenRoute, type Role } from './roles.ts';

/**
 * The admin page's other tabs (`/admin?tab=…`), offered in the web app's Admin group beside the
 * spec §2 items: an admin reaches users, groups and the organisation's settings from the menu,
 * not through "Edit reasons". Only for the roles that may open `/admin`, whatever the advanced
 * admin settings say (they govern the spec's items); each can be hidden like any menu item.
 * A module of its own: only the signed-in shell reads it, not every page's first load.
 */
export const AdminPageMenuItem = [
  'users',
  'groups',
  'tenantSettings',
  'integrations',
  'webhooks',
  'sso',
  'rubberStamps',
] as const;
export type AdminPageMenuItem = (typeof AdminPageMenuItem)[number];

export function adminPageMenu(ctx: {
  role: Role;
  rubberStampEnabled: boolean;
  hiddenItems: readonly string[];
}): AdminPageMenuItem[] {
  if (!canOpenRoute(ctx.role, 'admin')) return [];
  return AdminPageMenuItem.filter(
    (item) => !ctx.hiddenItems.includes(item) && (item !== 'rubberStamps' || ctx.rubberStampEnabled),
  );
}
