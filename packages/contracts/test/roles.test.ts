import { describe, expect, it } from 'vitest';
import { adminPageMenu } from '../src/admin-page-menu.ts';
import {
  adminMenu,
  canOpenRoute,
  type MenuContext,
  ROUTES_BY_ROLE,
  type Role,
  topMenu,
} from '../src/roles.ts';

const flags: Omit<MenuContext, 'role'> = {
  teamRoomEnabled: true,
  compareEnabled: true,
  featuresEnabled: true,
  isMobileApp: false,
  workflowRestriction: false,
  hiddenItems: [],
};

describe('routes by role (spec §6)', () => {
  it.each([
    ['signer', 'compose', false],
    ['signer', 'dashboard', true],
    ['custodian', 'compose', true],
    ['submitter', 'bulkcompose', true],
    ['custodian', 'admin', false],
    ['admin', 'stamppapers', true],
    ['registrar', 'reports', false],
    ['registrar', 'verify', true],
    ['super_admin', 'settings', true],
    ['super_admin', 'dashboard', false],
  ] as [Role, string, boolean][])('%s may open /%s: %s', (role, route, allowed) => {
    expect(canOpenRoute(role, `/${route}`)).toBe(allowed);
  });

  it('leaves public routes open to everyone', () => {
    expect(canOpenRoute('signer', '/login')).toBe(true);
    expect(canOpenRoute('registrar', '/accessdenied?status=forbidden')).toBe(true);
  });

  it('gives admins the custodian routes plus admin, fieldsmapping and stamppapers', () => {
    expect(ROUTES_BY_ROLE.admin.filter((r) => !ROUTES_BY_ROLE.custodian.includes(r))).toEqual([
      'admin',
      'fieldsmapping',
      'stamppapers',
    ]);
  });
});

describe('top menu (spec §2)', () => {
  it('shows the super admin only settings and reports', () => {
    expect(topMenu({ role: 'super_admin', ...flags })).toEqual(['settings', 'reports']);
  });
  it('shows a signer dashboard, epaks, teamroom and reports (and features when enabled)', () => {
    expect(topMenu({ role: 'signer', ...flags })).toEqual([
      'dashboard',
      'epaks',
      'teamroom',
      'reports',
      'features',
    ]);
  });
  it('hides team rooms, compare and features when their flags are off, and reports on the mobile app', () => {
    const off = {
      ...flags,
      teamRoomEnabled: false,
      compareEnabled: false,
      featuresEnabled: false,
      isMobileApp: true,
    };
    expect(topMenu({ role: 'custodian', ...off })).toEqual(['dashboard', 'epaks', 'compose', 'workflows']);
  });
  it('hides workflows from a submitter under workflow restriction, not from a custodian', () => {
    expect(topMenu({ role: 'submitter', ...flags, workflowRestriction: true })).not.toContain('workflows');
    expect(topMenu({ role: 'custodian', ...flags, workflowRestriction: true })).toContain('workflows');
  });
  it('hides configured items', () => {
    expect(topMenu({ role: 'registrar', ...flags, hiddenItems: ['epaks'] })).toEqual([
      'dashboard',
      'features',
    ]);
  });
  it('builds the admin menu group from the settings', () => {
    const ctx = {
      role: 'admin' as Role,
      advancedAdminSettings: true,
      userSyncUpAllowed: false,
      webFormEnabled: true,
      stampPaperEnabled: false,
      hiddenItems: [],
    };
    expect(adminMenu(ctx)).toEqual(['editReasons', 'editWorkflowStates', 'fieldMapping']);
    expect(adminMenu({ ...ctx, advancedAdminSettings: false })).toEqual([]);
    expect(adminMenu({ ...ctx, role: 'custodian' })).toEqual([]);
  });

  it('offers the admin page tabs (users, groups, settings…) to the roles that may open /admin, advanced settings or not', () => {
    const ctx = { role: 'admin' as Role, rubberStampEnabled: false, hiddenItems: [] };
    expect(adminPageMenu(ctx)).toEqual([
      'users',
      'groups',
      'tenantSettings',
      'integrations',
      'webhooks',
      'sso',
    ]);
    expect(adminPageMenu({ ...ctx, role: 'root', rubberStampEnabled: true })).toContain('rubberStamps');
    expect(adminPageMenu({ ...ctx, hiddenItems: ['webhooks'] })).not.toContain('webhooks');
    for (const role of ['custodian', 'submitter', 'signer', 'registrar', 'super_admin'] as Role[]) {
      expect(adminPageMenu({ ...ctx, role })).toEqual([]);
    }
  });
});
