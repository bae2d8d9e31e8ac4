import { Code, type Role } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../src/domain/policy.ts';
import { type CallOptions, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The role matrix: every permission is tried by every role through a real route. A role in the
 * permission's row must get past authorization (any answer but -11); any other role gets -11.
 * Inputs are chosen so that allowed calls fail harmlessly after the check or change nothing
 * that matters.
 */

let t: TestServer;
const tokens = new Map<Role, string>();
const userIds = new Map<Role, string>();
let signer1Id = '';
let groupId = '';
const nobody = '00000000-0000-4000-8000-000000000099';

interface Case {
  permission: Permission;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (role: Role) => string;
  options?: (role: Role) => CallOptions;
}

const cases: Case[] = [
  { permission: 'users.list', method: 'GET', url: () => '/v1/users' },
  {
    permission: 'users.lookup',
    method: 'POST',
    url: () => '/v1/users',
    options: () => ({ body: { usernames: ['x@y.test'] } }),
  },
  {
    permission: 'users.lookup',
    method: 'GET',
    url: () => '/v1/user',
    options: () => ({ query: { email: 'signer1@demo.test' } }),
  },
  { permission: 'users.read', method: 'GET', url: () => `/v1/users/${signer1Id}/false` },
  { permission: 'account.invitations', method: 'GET', url: () => '/v1/user/invitations' },
  // An empty profile change changes nothing.
  { permission: 'users.read', method: 'POST', url: () => '/v1/users/profile', options: () => ({ body: {} }) },
  { permission: 'users.filter', method: 'GET', url: () => '/v1/filteredusers' },
  {
    permission: 'users.invite',
    method: 'POST',
    url: () => '/v1/users/invite',
    options: () => ({ body: { email: 'signer1@demo.test', firstName: 'S', lastName: 'O' } }),
  },
  { permission: 'users.invite', method: 'POST', url: () => '/v2/users/csvInvite' },
  { permission: 'users.invite', method: 'GET', url: () => '/v2/users/csvInvite' },
  { permission: 'users.cancelInvite', method: 'DELETE', url: () => `/v1/users/${signer1Id}/invitation` },
  {
    permission: 'users.updateRoles',
    method: 'PUT',
    url: () => '/v2/users/roles',
    options: () => ({ body: { users: [{ userId: nobody, role: 'signer' }] } }),
  },
  {
    permission: 'users.setAdmin',
    method: 'POST',
    url: () => `/v1/users/${nobody}/admin`,
    options: () => ({ body: { admin: true } }),
  },
  { permission: 'users.resetPassword', method: 'POST', url: () => `/v1/users/${nobody}/password/reset` },
  { permission: 'users.resetPassword', method: 'DELETE', url: () => `/v2/users/${nobody}/passcode` },
  { permission: 'users.statistics', method: 'GET', url: () => '/v1/users/statistics' },
  {
    permission: 'users.disable',
    method: 'PUT',
    url: () => `/v1/users/${nobody}/status`,
    options: () => ({ body: { status: 'disabled' } }),
  },
  { permission: 'groups.read', method: 'GET', url: () => '/v1/groups' },
  { permission: 'groups.read', method: 'GET', url: () => `/v1/groups/${groupId}` },
  {
    permission: 'groups.manage',
    method: 'POST',
    url: () => '/v1/groups',
    options: (role) => ({ body: { groupName: `g-${role}`.slice(0, 15) } }),
  },
  {
    permission: 'groups.manage',
    method: 'PUT',
    url: () => '/v1/groups',
    options: () => ({ body: { groupId: nobody, groupName: 'x' } }),
  },
  { permission: 'groups.manage', method: 'DELETE', url: () => `/v1/groups/${nobody}` },
  {
    permission: 'groups.members',
    method: 'POST',
    url: () => `/v1/groups/${groupId}/users`,
    options: () => ({ body: { userIds: [nobody] } }),
  },
  {
    permission: 'groups.members',
    method: 'DELETE',
    url: () => `/v1/groups/${groupId}/users`,
    options: () => ({ body: { userIds: [nobody] } }),
  },
  { permission: 'documents.upload', method: 'POST', url: () => '/v1/documents' },
  // Without a file: an allowed role gets -109 (nothing to convert).
  { permission: 'documents.upload', method: 'POST', url: () => '/v1/document/convert' },
  // The demo tenant has no Microsoft app: an allowed role gets -177 after the check, no Graph call.
  {
    permission: 'documents.upload',
    method: 'POST',
    url: () => '/v1/skydrivefiles',
    options: () => ({ body: { accessToken: 'not-a-real-token', items: [{ id: 'item-1' }] } }),
  },
  { permission: 'documents.manage', method: 'GET', url: () => '/v1/documents' },
  // Without files: an allowed role gets -109 (nothing to compare).
  { permission: 'documents.manage', method: 'POST', url: () => '/v1/document/compare' },
  { permission: 'documents.manage', method: 'POST', url: () => '/v1/document/compare/report' },
  {
    permission: 'documents.manage',
    method: 'DELETE',
    url: () => '/v1/documents',
    options: () => ({ body: { documentIds: [nobody] } }),
  },
  {
    permission: 'epaks.compose',
    method: 'POST',
    url: () => '/v2/epak',
    options: () => ({ body: { documentIds: [] } }),
  },
  { permission: 'epaks.compose', method: 'POST', url: () => `/v2/epaks/${nobody}/start` },
  { permission: 'epaks.list', method: 'GET', url: () => '/v2/epaks' },
  { permission: 'epaks.read', method: 'GET', url: () => `/v2/epaks/${nobody}` },
  { permission: 'epaks.act', method: 'PUT', url: () => `/v2/epak/${nobody}/document/${nobody}/viewed` },
  {
    permission: 'epaks.act',
    method: 'POST',
    url: () => '/v2/epak/sign/aadhaar',
    options: () => ({ body: { ePakId: nobody, documentId: nobody } }),
  },
  { permission: 'epaks.act', method: 'GET', url: () => `/v2/epak/sign/aadhaar/${nobody}` },
  {
    permission: 'epaks.act',
    method: 'POST',
    url: () => '/v1/cosign/authentication',
    options: () => ({ form: { ePakId: nobody, documentId: nobody, username: 'u', password: 'p' } }),
  },
  { permission: 'epaks.act', method: 'GET', url: () => '/v1/transsped/certificates' },
  { permission: 'epaks.act', method: 'GET', url: () => '/v1/uisauthcode' },
  // Without a photo: an allowed role gets -109 (nothing attached).
  { permission: 'epaks.act', method: 'POST', url: () => '/v1/users/image/removebg' },
  {
    permission: 'tenant.settings',
    method: 'PUT',
    url: () => '/v1/configuration',
    options: () => ({ body: {} }),
  },
  { permission: 'activity.verify', method: 'GET', url: () => '/v2/activity/verify' },
  { permission: 'integrations.manage', method: 'GET', url: () => '/v1/oauthclients' },
  { permission: 'integrations.manage', method: 'GET', url: () => '/v1/callbacks' },
  { permission: 'sso.manage', method: 'GET', url: () => '/v1/sso' },
  { permission: 'webhooks.manage', method: 'GET', url: () => '/v2/webhooks' },
  // While the tenant's web-form switch is off, allowed callers get -1 (409), not -11.
  { permission: 'webforms.manage', method: 'GET', url: () => '/v2/webform' },
  { permission: 'directory.manage', method: 'GET', url: () => '/v2/userSyncUp/runs' },
  // Bulk compose: allowed callers get 404 for an unknown template or run, or the list.
  { permission: 'epaks.bulkCompose', method: 'GET', url: () => '/v2/bulkcompose/runs' },
  { permission: 'epaks.bulkCompose', method: 'GET', url: () => `/v2/bulkcompose/runs/${nobody}` },
  { permission: 'epaks.bulkCompose', method: 'POST', url: () => `/v2/bulkcompose/runs/${nobody}/cancel` },
  { permission: 'epaks.bulkCompose', method: 'GET', url: () => `/v2/bulkcompose/runs/${nobody}/failed` },
  { permission: 'epaks.bulkCompose', method: 'GET', url: () => `/v2/bulkcompose/template/${nobody}` },
  { permission: 'epaks.bulkCompose', method: 'GET', url: () => `/v2/bulkcompose/template/${nobody}/header` },
  { permission: 'epaks.bulkCompose', method: 'POST', url: () => `/v2/bulkcompose/template/${nobody}` },
  // Rubber stamps: with the tenant's switch off (the default), allowed callers get -1 (409), not -11.
  { permission: 'rubberStamps.use', method: 'GET', url: () => '/v2/rubberstamp' },
  // No multipart body: -109 after the check.
  { permission: 'rubberStamps.manage', method: 'POST', url: () => '/v2/rubberstamp' },
  { permission: 'rubberStamps.manage', method: 'PUT', url: () => '/v2/rubberstamp' },
  { permission: 'rubberStamps.manage', method: 'DELETE', url: () => `/v2/rubberstamp/${nobody}` },
  {
    permission: 'rubberStamps.manage',
    method: 'POST',
    url: () => '/v2/rubberstamp/share',
    options: () => ({ body: { id: nobody, userIds: [], groupIds: [] } }),
  },
  // Team rooms: with the tenant's switch off (the default), allowed callers get -1 (409), not -11.
  { permission: 'teamrooms.use', method: 'GET', url: () => '/v1/teamrooms' },
  { permission: 'teamrooms.use', method: 'GET', url: () => `/v1/teamrooms/${nobody}` },
  {
    permission: 'teamrooms.create',
    method: 'POST',
    url: () => '/v1/teamrooms',
    options: (role) => ({ body: { name: `Matrix ${role}` } }),
  },
  { permission: 'teamrooms.create', method: 'POST', url: () => `/v1/teamrooms/clone/${nobody}` },
  // Stamp papers: with the tenant's switch off (the default), allowed callers get -1 (409), not -11.
  {
    permission: 'stampPapers.manage',
    method: 'POST',
    url: () => '/v2/stamppapers',
    options: () => ({ body: {} }),
  },
  { permission: 'stampPapers.manage', method: 'GET', url: () => '/v2/stamppaper/stats' },
  // No multipart body: -109 after the check.
  { permission: 'stampPapers.manage', method: 'POST', url: () => '/v2/stamppaper' },
  {
    permission: 'stampPapers.manage',
    method: 'PUT',
    url: () => '/v2/stamppaper',
    options: () => ({ body: { stampPaperId: nobody } }),
  },
  { permission: 'stampPapers.manage', method: 'DELETE', url: () => `/v2/stamppapers/${nobody}` },
  {
    permission: 'stampPapers.manage',
    method: 'POST',
    url: () => '/v2/stamppaper/assign',
    options: () => ({ body: { stampPaperIds: [nobody], userIds: [nobody] } }),
  },
  {
    permission: 'stampPapers.manage',
    method: 'POST',
    url: () => '/v2/stamppaper/bulkassign',
    options: () => ({ body: { count: 1, denomination: 10, userIds: [nobody] } }),
  },
  {
    permission: 'stampPapers.manage',
    method: 'POST',
    url: () => '/v2/stamppaper/bulkrevoke',
    options: () => ({ body: { fromDate: '2020-01-01', toDate: '2020-01-02' } }),
  },
  { permission: 'stampPapers.manage', method: 'GET', url: () => `/v2/stamppaper/${nobody}/certificate` },
  { permission: 'stampPapers.manage', method: 'POST', url: () => '/v1/stamppapers/csv/upload' },
  {
    permission: 'stampPapers.manage',
    method: 'POST',
    url: () => '/v1/stamppapers/csv/export',
    options: () => ({ body: { rows: [] } }),
  },
  { permission: 'stampPapers.manage', method: 'GET', url: () => '/v1/stamppapers/csv/export' },
  { permission: 'stampPapers.use', method: 'GET', url: () => '/v2/stamppaper/user/groupedstamps' },
  {
    permission: 'stampPapers.use',
    method: 'POST',
    url: () => `/v2/epak/${nobody}/stamppaper`,
    options: () => ({ body: { stateCode: 'MH', denomination: 100 } }),
  },
  {
    permission: 'epaks.compose',
    method: 'POST',
    url: () => `/v1/teamrooms/${nobody}/compose`,
    options: () => ({ body: { documentIds: [nobody] } }),
  },
  {
    permission: 'oauth.authorize',
    method: 'POST',
    url: () => '/v1/oauth/authorize',
    options: () => ({ body: { redirect_uri: 'https://nobody.example/back' } }),
  },
  { permission: 'templates.manage', method: 'GET', url: () => '/v2/workflows' },
  { permission: 'templates.manage', method: 'GET', url: () => '/v1/workflow/states' },
  { permission: 'templates.manage', method: 'GET', url: () => '/v1/documenttemplates' },
  { permission: 'templates.manage', method: 'GET', url: () => '/v1/letterheadtemplate' },
  { permission: 'templates.manage', method: 'POST', url: () => `/v2/workflows/${nobody}/duplicate` },
  // No file: -109 after the check.
  { permission: 'templates.manage', method: 'POST', url: () => '/v2/documenttemplate/import' },
  // A document that is not a PDF: an allowed role gets -136 after the check, nothing stored.
  {
    permission: 'templates.manage',
    method: 'POST',
    url: () => '/v1/docusigntemplate',
    options: () => ({
      body: { documents: [{ documentBase64: 'aGVsbG8=' }], recipients: {} },
      query: { dryRun: 'true' },
    }),
  },
  {
    permission: 'templates.manage',
    method: 'POST',
    url: () => '/v2/workflows',
    options: (role) => ({ body: { name: `Matrix ${role}`, steps: [{ type: 'SIGN', recipients: [] }] } }),
  },
  { permission: 'templates.manage', method: 'DELETE', url: () => `/v2/workflows/${nobody}` },
  {
    permission: 'workflowStates.manage',
    method: 'PUT',
    url: () => '/v1/workflow/states',
    options: () => ({ body: { workflowStateId: nobody, enabled: true } }),
  },
  { permission: 'workflowStates.manage', method: 'PUT', url: () => `/v1/workflow/states/${nobody}/1` },
  {
    permission: 'reasons.manage',
    method: 'PUT',
    url: () => '/v1/reasons',
    options: () => ({ body: { reasonId: -1, enabled: true } }),
  },
  {
    permission: 'reasons.manage',
    method: 'POST',
    url: () => '/v1/reasons',
    options: (role) => ({ body: { reason: `Matrix reason for ${role}`, kind: 'sign' } }),
  },
  {
    permission: 'statistics.all',
    method: 'GET',
    url: () => '/v2/statistics',
    options: () => ({ query: { scope: 'all' } }),
  },
  {
    permission: 'statistics.all',
    method: 'GET',
    url: () => '/v2/statistics',
    options: () => ({ query: { scope: 'user', userId: nobody } }),
  },
  { permission: 'reports.run', method: 'GET', url: () => '/v1/report' },
  // Reporting on other people: allowed roles get the (empty) report, the rest -11.
  {
    permission: 'reports.all',
    method: 'POST',
    url: () => '/v1/report',
    options: () => ({ body: { reportId: 'epakVolumes', filters: { userIds: [nobody] } } }),
  },
  { permission: 'configuration.read', method: 'GET', url: () => '/v1/configuration' },
  { permission: 'configuration.read', method: 'GET', url: () => '/v1/config' },
  // Everyone lists their own tenants (another user's answers -11 whatever the role).
  {
    permission: 'configuration.read',
    method: 'GET',
    url: (role) => `/v2/users/${userIds.get(role)}/tenants`,
  },
  { permission: 'superadmins.manage', method: 'GET', url: () => '/v2/user/getAllSuperadmins' },
  // Someone who already is a super admin: allowed callers get -81 and nothing changes.
  {
    permission: 'superadmins.manage',
    method: 'POST',
    url: () => '/v2/user/registerAsSuperadmin',
    options: () => ({ body: { email: 'superadmin@demo.test', firstName: 'S', lastName: 'A' } }),
  },
  {
    permission: 'superadmins.manage',
    method: 'PUT',
    url: () => '/v2/user/updateSuperadminStatus',
    options: () => ({ body: { userId: nobody, status: 'enabled' } }),
  },
  { permission: 'tenants.manage', method: 'GET', url: () => '/v2/tenants' },
  { permission: 'platform.manage', method: 'GET', url: () => '/v2/platform/settings' },
  // A taken name: allowed callers get -87 and no tenant is created.
  {
    permission: 'tenants.manage',
    method: 'POST',
    url: () => '/v2/tenants',
    options: () => ({
      body: {
        tenantName: 'Demo',
        adminEmail: 'new.owner@demo.test',
        adminFirstName: 'N',
        adminLastName: 'O',
      },
    }),
  },
  {
    permission: 'tenants.manage',
    method: 'PUT',
    url: () => `/v2/tenants/${nobody}`,
    options: () => ({ body: { status: 'active' } }),
  },
];

const roles: Role[] = ['root', 'admin', 'custodian', 'submitter', 'signer', 'registrar', 'super_admin'];

beforeAll(async () => {
  t = await startTestServer();
  const admin = await t.signIn('admin@demo.test');
  for (const [role, email] of [
    ['admin', 'admin@demo.test'],
    ['custodian', 'custodian@demo.test'],
    ['submitter', 'submitter@demo.test'],
    ['signer', 'signer1@demo.test'],
    ['registrar', 'registrar@demo.test'],
    ['super_admin', 'superadmin@demo.test'],
  ] as const) {
    const session = await t.signIn(email);
    tokens.set(role, session.token);
    userIds.set(role, session.userId);
  }
  // The tenant owner (root) comes from a sign-up of its own organisation.
  await t.call('POST', '/v1/user/signup', {
    body: {
      email: 'owner@root.test',
      firstName: 'R',
      lastName: 'O',
      orgName: 'Rooted',
      newPassword: 'Root-pass-1',
      confirmPassword: 'Root-pass-1',
    },
  });
  const owner = await t.signIn('owner@root.test', 'Root-pass-1');
  tokens.set('root', owner.token);
  userIds.set('root', owner.userId);
  signer1Id = (
    await t.call<{ id: string }>('GET', '/v1/user', {
      token: admin.token,
      query: { email: 'signer1@demo.test' },
    })
  ).data.id;
  groupId = (
    await t.call<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Matrix' },
    })
  ).data.groupId;
});
afterAll(() => t.close());

describe('the role matrix', () => {
  it('covers every permission of the policy table', () => {
    const covered = new Set(cases.map((c) => c.permission));
    expect(Object.keys(PERMISSIONS).filter((p) => !covered.has(p as Permission))).toEqual([]);
  });

  for (const [i, c] of cases.entries()) {
    const allowed = PERMISSIONS[c.permission] as readonly Role[];
    it(`case ${i + 1}: ${c.method} ${c.permission} is allowed to ${allowed.join(', ')} only`, async () => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const role of roles) {
        const res = await t.call(c.method, c.url(role), { token: tokens.get(role), ...c.options?.(role) });
        outcome[role] = res.code === Code.NOT_AUTHORIZED ? 'denied' : 'allowed';
        expected[role] = allowed.includes(role) ? 'allowed' : 'denied';
      }
      expect({ route: `${c.method} ${c.url('admin')}`, ...outcome }).toEqual({
        route: `${c.method} ${c.url('admin')}`,
        ...expected,
      });
    });
  }

  // Calls about the caller's own session need no permission: every role, super admin too, may make them.
  it('lets every role stop its session timers and read its own profile by its token', async () => {
    const outcome: Record<string, string> = {};
    for (const role of roles) {
      const token = tokens.get(role) ?? '';
      const stopped = await t.call('POST', '/v1/logout/stoptimer', { token });
      const profile = await t.call<{ id: string }>('GET', `/v1/users/${token}`);
      outcome[role] = `${stopped.code} ${profile.code} ${profile.data?.id === userIds.get(role)}`;
    }
    expect(outcome).toEqual(Object.fromEntries(roles.map((r) => [r, '1 1 true'])));
  });
});
