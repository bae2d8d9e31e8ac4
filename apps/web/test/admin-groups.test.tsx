import { Code, type Group, type UserRef } from '@signet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const person = (n: number, firstName: string): UserRef => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  email: `signer${n}@demo.test`,
  firstName,
  middleName: '',
  lastName: 'Signer',
  role: 'signer',
  type: 'internal',
  status: 'enabled',
  verified: true,
});
const ann = person(1, 'Ann');
const bob = person(2, 'Bob');

/** A small groups backend: what the tab sends, and the groups as the server would keep them. */
function groupsBackend(groups: Group[]) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/msbapi', ''), body });
    return body as Record<string, unknown>;
  };
  const byId = (id: string) => groups.find((g) => g.groupId === id) as Group;
  const handlers = [
    http.get('*/msbapi/v1/groups', () => ok({ groups })),
    http.get('*/msbapi/v1/users', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      return ok({
        users: [ann, bob].filter((u) => u.email.includes(search) || u.firstName.includes(search)),
      });
    }),
    http.post('*/msbapi/v1/groups', async ({ request }) => {
      const body = (await record(request)) as { groupName: string; users: string[] };
      if (groups.some((g) => g.groupName.toLowerCase() === body.groupName.toLowerCase()))
        return fail(409, Code.DUPLICATE_MANAGER_GROUP);
      const g: Group = {
        groupId: '99999999-0000-4000-8000-000000000001',
        groupName: body.groupName,
        users: [ann, bob].filter((u) => body.users.includes(u.id)),
        managers: [],
      };
      groups.push(g);
      return ok(g);
    }),
    http.put('*/msbapi/v1/groups', async ({ request }) => {
      const body = (await record(request)) as { groupId: string; groupName?: string; managers?: string[] };
      const g = byId(body.groupId);
      if (body.groupName) g.groupName = body.groupName;
      if (body.managers) g.managers = g.managers.filter((m) => body.managers?.includes(m.id));
      return ok(g);
    }),
    http.delete('*/msbapi/v1/groups/:groupId/users', async ({ request, params }) => {
      const body = (await record(request)) as { userIds: string[] };
      const g = byId(String(params.groupId));
      if (g.managers.some((m) => body.userIds.includes(m.id))) return fail(409, Code.CANNOT_DELETE_MANAGER);
      g.users = g.users.filter((u) => !body.userIds.includes(u.id));
      return ok(g);
    }),
    http.delete('*/msbapi/v1/groups/:groupId', async ({ request, params }) => {
      await record(request);
      groups.splice(groups.indexOf(byId(String(params.groupId))), 1);
      return ok({ ok: true });
    }),
    http.post('*/msbapi/v1/groups/:groupId/users', async ({ request, params }) => {
      const body = (await record(request)) as { userIds: string[] };
      const g = byId(String(params.groupId));
      g.users = [...g.users, ...[ann, bob].filter((u) => body.userIds.includes(u.id))];
      return ok(g);
    }),
  ];
  return { handlers, sent };
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  text: string,
  option: RegExp,
) {
  await user.type(input, text);
  // jsdom lays nothing out, so the dropdown stays hidden: the option is chosen from the keyboard.
  await screen.findByRole('option', { name: option, hidden: true });
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('the groups tab', () => {
  it('an admin creates a group with two members found by search, renames it, removes one member and adds them back', async () => {
    const backend = groupsBackend([]);
    server.use(...backend.handlers, ...shellHandlers('admin'));
    startFakeSession();
    await renderApp('/admin?tab=groups');
    await screen.findByTestId('groups-empty');
    const user = userEvent.setup();

    await user.click(screen.getByTestId('group-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByTestId('group-create-name'), 'Approvers');
    const members = within(dialog).getByTestId('group-create-members');
    await pick(user, members, 'Ann', /signer1@demo\.test/);
    await pick(user, members, 'Bob', /signer2@demo\.test/);
    await user.click(within(dialog).getByTestId('group-create-save'));
    const row = await screen.findByTestId('group-row');
    expect(row.textContent).toContain('signer1@demo.test');
    expect(row.textContent).toContain('signer2@demo.test');

    await user.click(within(row).getByRole('button', { name: 'Approvers' }));
    const field = within(row).getByRole('textbox', { name: 'New name of Approvers' });
    await user.clear(field);
    await user.type(field, 'Approvers EU');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('group-row').dataset.name).toBe('Approvers EU'));

    await user.click(screen.getByRole('button', { name: 'Members of Approvers EU' }));
    const editor = await screen.findByRole('dialog', { name: 'Members of Approvers EU' });
    await user.click(within(editor).getByRole('checkbox', { name: 'Select signer2@demo.test' }));
    await user.click(within(editor).getByTestId('group-members-remove'));
    await waitFor(() => expect(within(editor).getAllByTestId('group-member')).toHaveLength(1));
    await pick(user, within(editor).getByTestId('group-members-pick'), 'Bob', /signer2@demo\.test/);
    await user.click(within(editor).getByTestId('group-members-add'));
    await waitFor(() => expect(within(editor).getAllByTestId('group-member')).toHaveLength(2));

    expect(backend.sent).toEqual([
      { method: 'POST', path: '/v1/groups', body: { groupName: 'Approvers', users: [ann.id, bob.id] } },
      { method: 'PUT', path: '/v1/groups', body: { groupId: expect.any(String), groupName: 'Approvers EU' } },
      { method: 'DELETE', path: expect.stringMatching(/\/users$/), body: { userIds: [bob.id] } },
      {
        method: 'POST',
        path: expect.stringMatching(/\/users$/),
        body: { userIds: [bob.id], manager: false },
      },
    ]);
  }, 30_000);

  it('says plainly that a group of that name exists when the server refuses it (-141)', async () => {
    const backend = groupsBackend([
      { groupId: '99999999-0000-4000-8000-000000000002', groupName: 'Legal', users: [], managers: [] },
    ]);
    server.use(...backend.handlers, ...shellHandlers('admin'));
    startFakeSession();
    await renderApp('/admin?tab=groups');
    await screen.findByTestId('group-row');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('group-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByTestId('group-create-name'), 'legal');
    await user.click(within(dialog).getByTestId('group-create-save'));
    await screen.findByText('A group of this name already exists.');
    expect(screen.getAllByTestId('group-row')).toHaveLength(1);
  }, 30_000);

  it('a manager is removed as a member only after losing the role (-165 says so), and a group is deleted after a confirmation', async () => {
    const legal: Group = {
      groupId: '99999999-0000-4000-8000-000000000004',
      groupName: 'Legal',
      users: [ann, bob],
      managers: [ann],
    };
    const backend = groupsBackend([legal]);
    server.use(...backend.handlers, ...shellHandlers('admin'));
    startFakeSession();
    await renderApp('/admin?tab=groups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members of Legal' }));
    const editor = await screen.findByRole('dialog', { name: 'Members of Legal' });
    await user.click(within(editor).getByRole('checkbox', { name: 'Select signer1@demo.test' }));
    await user.click(within(editor).getByTestId('group-members-remove'));
    await screen.findByText('A manager cannot be removed as a member. Take away their manager role first.');
    await user.click(within(editor).getByRole('button', { name: 'Remove signer1@demo.test as a manager' }));
    await waitFor(() => expect(within(editor).queryByText('Manager')).toBeNull());
    await user.click(within(editor).getByTestId('group-members-remove'));
    await waitFor(() => expect(within(editor).getAllByTestId('group-member')).toHaveLength(1));
    await user.click(within(editor).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Delete Legal' }));
    await screen.findByText('Delete the group “Legal”? Its members stay in the tenant.');
    await user.click(screen.getByTestId('confirm-ok'));
    await screen.findByTestId('groups-empty');
    expect(backend.sent.map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', `/v1/groups/${legal.groupId}/users`, { userIds: [ann.id] }],
      ['PUT', '/v1/groups', { groupId: legal.groupId, managers: [] }],
      ['DELETE', `/v1/groups/${legal.groupId}/users`, { userIds: [ann.id] }],
      ['DELETE', `/v1/groups/${legal.groupId}`, undefined],
    ]);
  }, 30_000);
});

describe('a group in the signer input', () => {
  it('choosing a group adds its members as signers of the step, leaving out those already there', async () => {
    const backend = groupsBackend([
      {
        groupId: '99999999-0000-4000-8000-000000000003',
        groupName: 'Approvers',
        users: [ann, bob],
        managers: [],
      },
    ]);
    server.use(
      ...backend.handlers,
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
      http.post('*/msbapi/v1/users', () => ok({ users: [ann], notFound: [] })),
    );
    startFakeSession();
    await renderApp('/compose');
    const input = await screen.findByTestId('step-1-signers');
    const user = userEvent.setup();
    await user.type(input, 'signer1@demo.test{Enter}');
    await screen.findByText('signer1@demo.test');

    await pick(user, await screen.findByTestId('step-1-signers-group'), 'Appr', /Approvers \(2\)/);
    await screen.findByText('signer2@demo.test');
    expect(screen.getAllByText('signer1@demo.test')).toHaveLength(1);
    expect(screen.queryByTestId('step-1-signers-rejected')).toBeNull();
  }, 30_000);
});
