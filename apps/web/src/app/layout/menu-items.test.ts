import { FeatureFlagsSchema, type Role } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenus, entriesThatFit, isActiveLink, type MenuLink, menuEntries } from './menu-items.ts';

const defaults = FeatureFlagsSchema.parse({});
const allOn = {
  ...defaults,
  teamRoom: true,
  compare: true,
  features: true,
  webForm: true,
  stampPaper: true,
  userSyncUp: true,
};
const config = (features = allOn, hiddenMenuItems: string[] = []) => ({ features, hiddenMenuItems });
const keys = (role: Role, c = config()) => buildMenus(role, c).top.map((l) => l.key);

describe('top menu by role (spec §2)', () => {
  it.each([
    ['super_admin', ['settings', 'reports']],
    ['signer', ['dashboard', 'epaks', 'teamroom', 'reports', 'features']],
    ['registrar', ['dashboard', 'epaks', 'features']],
    [
      'submitter',
      ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
    ],
    [
      'custodian',
      ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features'],
    ],
    ['admin', ['dashboard', 'epaks', 'compose', 'workflows', 'teamroom', 'compare', 'reports', 'features']],
  ] as const)('%s sees %o', (role, expected) => {
    expect(keys(role)).toEqual(expected);
  });

  it('hides team rooms, compare and features when their flags are off', () => {
    const off = { ...allOn, teamRoom: false, compare: false, features: false };
    expect(keys('custodian', config(off))).toEqual(['dashboard', 'epaks', 'compose', 'workflows', 'reports']);
  });

  it('hides workflows from a submitter under workflow restriction, not from a custodian', () => {
    const restricted = config({ ...allOn, workflowRestriction: true });
    expect(keys('submitter', restricted)).not.toContain('workflows');
    expect(keys('custodian', restricted)).toContain('workflows');
  });

  it('drops items the configuration hides, including a compose child', () => {
    const menus = buildMenus('admin', config(allOn, ['reports', 'bulkcompose']));
    expect(menus.top.map((l) => l.key)).not.toContain('reports');
    expect(menus.top.find((l) => l.key === 'compose')?.children?.map((c) => c.key)).toEqual(['compose']);
  });

  it('reports are not on the mobile app', () => {
    expect(buildMenus('signer', config(), true).top.map((l) => l.key)).not.toContain('reports');
  });
});

describe('admin menu group', () => {
  it('leads with users, groups and settings, then the other admin tabs and the spec items, labelled <key>Menu', () => {
    const admin = buildMenus('admin', config()).admin;
    expect(admin.map((l) => [l.label, l.to])).toEqual([
      ['menu.usersMenu', '/admin?tab=users'],
      ['menu.groupsMenu', '/admin?tab=groups'],
      ['menu.tenantSettingsMenu', '/admin?tab=settings'],
      ['menu.integrationsMenu', '/admin?tab=integrations'],
      ['menu.webhooksMenu', '/admin?tab=webhooks'],
      ['menu.ssoMenu', '/admin?tab=sso'],
      ['menu.editReasonsMenu', '/admin?tab=reasons'],
      ['menu.editWorkflowStatesMenu', '/admin?tab=workflowStates'],
      ['menu.userSyncUpMenu', '/admin?tab=userSyncUp'],
      ['menu.fieldMappingMenu', '/fieldsmapping'],
      ['menu.stampsMenu', '/stamppapers'],
    ]);
    // The spec's items are a section of their own.
    expect(admin.filter((l) => l.startsSection).map((l) => l.key)).toEqual(['editReasons']);
  });

  it('follows the sync-up, web-form, stamp-paper and rubber-stamp settings', () => {
    expect(buildMenus('admin', config(defaults)).admin.map((l) => l.key)).toEqual([
      'users',
      'groups',
      'tenantSettings',
      'integrations',
      'webhooks',
      'sso',
      'editReasons',
      'editWorkflowStates',
    ]);
    const keys = buildMenus('root', config({ ...allOn, rubberStamp: true })).admin.map((l) => l.key);
    expect(keys.at(-1)).toBe('rubberStamps');
  });

  it('keeps users, groups and settings without advanced admin settings; nothing for other roles', () => {
    expect(
      buildMenus('admin', config({ ...allOn, advancedAdminSettings: false })).admin.map((l) => l.key),
    ).toEqual(['users', 'groups', 'tenantSettings', 'integrations', 'webhooks', 'sso']);
    for (const role of ['custodian', 'submitter', 'signer', 'registrar', 'super_admin'] as const) {
      expect(buildMenus(role, config()).admin).toEqual([]);
    }
  });

  it('drops an admin entry the configuration hides', () => {
    expect(buildMenus('admin', config(allOn, ['groups'])).admin.map((l) => l.key)).not.toContain('groups');
  });

  it('is the last entry of the menu, as the Admin group, only when it has entries', () => {
    expect(menuEntries(buildMenus('admin', config())).at(-1)).toMatchObject({
      key: 'admin',
      label: 'menu.adminGroup',
    });
    expect(menuEntries(buildMenus('custodian', config())).map((l) => l.key)).not.toContain('admin');
  });
});

describe('the active entry', () => {
  const admin = buildMenus('admin', config()).admin;
  const entry = (key: string) => admin.find((l) => l.key === key) as MenuLink;

  it('an admin tab is active on its own tab only; the group on any of them', () => {
    expect(isActiveLink('/admin', '?tab=groups', entry('groups'))).toBe(true);
    expect(isActiveLink('/admin', '?tab=groups', entry('users'))).toBe(false);
    const group = menuEntries(buildMenus('admin', config())).at(-1) as MenuLink;
    expect(isActiveLink('/admin', '?tab=users', group)).toBe(true);
    expect(isActiveLink('/stamppapers', '', group)).toBe(true);
    expect(isActiveLink('/dashboard', '', group)).toBe(false);
  });
});

describe('what fits on the bar', () => {
  // Gaps of 4 px between entries.
  it('all entries when they fit, with no room kept for "More"', () => {
    expect(entriesThatFit([100, 100, 100], 80, 308)).toBe(3);
  });

  it('otherwise as many as fit beside "More", never a cut one', () => {
    expect(entriesThatFit([100, 100, 100], 80, 307)).toBe(2);
    expect(entriesThatFit([100, 100, 100], 80, 287)).toBe(1);
    expect(entriesThatFit([100, 100, 100], 80, 100)).toBe(0);
  });
});
