import { FeatureFlagsSchema, type Role } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenus } from './menu-items.ts';

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
  it('lists the visible items for an admin, labelled <key>Menu', () => {
    const admin = buildMenus('admin', config()).admin;
    expect(admin.map((l) => l.label)).toEqual([
      'menu.editReasonsMenu',
      'menu.editWorkflowStatesMenu',
      'menu.userSyncUpMenu',
      'menu.fieldMappingMenu',
      'menu.stampsMenu',
    ]);
  });

  it('follows the sync-up, web-form and stamp-paper settings', () => {
    expect(buildMenus('admin', config(defaults)).admin.map((l) => l.key)).toEqual([
      'editReasons',
      'editWorkflowStates',
    ]);
  });

  it('is empty without advanced admin settings and for other roles', () => {
    expect(buildMenus('admin', config({ ...allOn, advancedAdminSettings: false })).admin).toEqual([]);
    expect(buildMenus('custodian', config()).admin).toEqual([]);
    expect(buildMenus('super_admin', config()).admin).toEqual([]);
  });
});
