import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { failedRowsCsv } from '../src/features/admin/components/users-csv-dialog.tsx';
import { actionsFor } from '../src/features/admin/components/users-row-actions.tsx';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const member = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  email,
  firstName: 'Asha',
  middleName: '',
  lastName: id,
  role: 'signer',
  type: 'internal',
  status: 'enabled',
  verified: true,
  lastSignInAt: null,
  ...extra,
});

const USERS = [
  member('a1', 'asha@demo.test', { lastSignInAt: '2026-03-04T10:20:00.000Z' }),
  member('b2', 'bo@demo.test', { role: 'custodian' }),
  member('c3', 'new@demo.test', { firstName: '', lastName: '', status: 'admininvited' }),
];

function listHandler(queries: URLSearchParams[]) {
  return http.get('*/msbapi/v1/filteredusers', ({ request }) => {
    const q = new URL(request.url).searchParams;
    queries.push(q);
    const role = q.get('role');
    const users = role ? USERS.filter((u) => u.role === role) : USERS;
    return ok({ users, totalCount: users.length, pg: 1, pageSize: 20 });
  });
}

describe('the users tab', () => {
  it('lists members with an invited person shown by email as not yet accepted, and filters and sorts through the server', async () => {
    const queries: URLSearchParams[] = [];
    server.use(...shellHandlers('admin'), listHandler(queries));
    startFakeSession();
    await renderApp('/admin?tab=users');
    await waitFor(() => expect(screen.getAllByTestId('users-row')).toHaveLength(3));
    const invited = screen.getAllByTestId('users-row')[2] as HTMLElement;
    expect(within(invited).getByText('Not yet accepted')).toBeTruthy();
    expect(within(invited).getByTestId('users-row-status').textContent).toBe('Invited');
    expect(within(invited).getByTestId('users-row-last-sign-in').textContent).toBe('Never');
    const asha = screen.getAllByTestId('users-row')[0] as HTMLElement;
    expect(within(asha).getByTestId('users-row-last-sign-in').textContent).toBe('04 Mar 2026 10:20');

    fireEvent.change(screen.getByTestId('users-filter-role'), { target: { value: 'custodian' } });
    await waitFor(() => expect(screen.getAllByTestId('users-row')).toHaveLength(1));
    expect(queries.at(-1)?.get('role')).toBe('custodian');

    fireEvent.click(screen.getByTestId('users-sort-email'));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('email,asc'));
    fireEvent.click(screen.getByTestId('users-sort-email'));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('email,desc'));
  });

  it('shows each member’s user id in a column of its own only where the tenant turns that column on', async () => {
    server.use(...shellHandlers('admin'), listHandler([]));
    startFakeSession();
    const { unmount } = await renderApp('/admin?tab=users');
    await waitFor(() => expect(screen.getAllByTestId('users-row')).toHaveLength(3));
    expect(screen.queryByRole('columnheader', { name: 'User ID' })).toBeNull();
    expect(screen.queryAllByTestId('users-row-uuid')).toHaveLength(0);
    unmount();

    server.use(http.get('*/msbapi/v1/configuration', () => ok(configuration({ showUserUuidColumn: true }))));
    await renderApp('/admin?tab=users');
    await screen.findByRole('columnheader', { name: 'User ID' });
    expect(screen.getAllByTestId('users-row-uuid').map((c) => c.textContent)).toEqual(['a1', 'b2', 'c3']);
  });

  it('changes the roles of the selected members in one call, and names those the server refuses', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    server.use(
      ...shellHandlers('admin'),
      listHandler([]),
      http.put('*/msbapi/v2/users/roles', async ({ request }) => {
        sent.push(await request.json());
        return refuse ? fail(400, -226, { problems: [{ userId: 'b2', reason: 'x' }] }) : ok({ updated: 2 });
      }),
    );
    startFakeSession();
    await renderApp('/admin?tab=users');
    await waitFor(() => expect(screen.getAllByTestId('users-row')).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Asha a1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Asha b2' }));
    fireEvent.change(screen.getByTestId('users-bulk-role'), { target: { value: 'submitter' } });
    fireEvent.click(screen.getByTestId('users-bulk-apply'));
    await screen.findByText('Roles changed.');
    expect(sent).toEqual([
      {
        users: [
          { userId: 'a1', role: 'submitter' },
          { userId: 'b2', role: 'submitter' },
        ],
      },
    ]);

    refuse = true;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Asha b2' }));
    fireEvent.click(screen.getByTestId('users-bulk-apply'));
    await screen.findByText('These roles cannot change: Asha b2');
  });

  it('shows the failed rows of a CSV upload with their reason', async () => {
    server.use(
      ...shellHandlers('admin'),
      listHandler([]),
      http.post('*/msbapi/v2/users/csvInvite', () =>
        fail(207, -222, {
          invited: 1,
          failed: 1,
          rows: [
            { row: 2, email: 'ok@demo.test', code: 1, message: 'invited' },
            { row: 3, email: 'bad', code: -6, message: 'Not a valid email address' },
          ],
        }),
      ),
    );
    startFakeSession();
    await renderApp('/admin?tab=users');
    fireEvent.click(await screen.findByTestId('users-csv-open'));
    await screen.findByTestId('users-csv-dialog');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['email,firstName,lastName\nok@demo.test,O,K\nbad,B,D\n'], 'people.csv', {
      type: 'text/csv',
    });
    // The dropzone takes the file asynchronously: it names it once it has it.
    await userEvent.upload(input, file);
    await screen.findByText('people.csv');
    fireEvent.click(screen.getByTestId('users-csv-upload'));
    const row = await screen.findByTestId('users-csv-failed-row');
    expect(row.textContent).toContain('bad');
    expect(row.textContent).toContain('A value is not valid: Not a valid email address');
    expect(screen.getByText('1 invited, 1 failed. Fix the failed rows and upload them again.')).toBeTruthy();
  });

  it('says what is wrong when the CSV lacks its mandatory headers', async () => {
    server.use(
      ...shellHandlers('admin'),
      listHandler([]),
      http.post('*/msbapi/v2/users/csvInvite', () => fail(400, -181)),
    );
    startFakeSession();
    await renderApp('/admin?tab=users');
    fireEvent.click(await screen.findByTestId('users-csv-open'));
    await screen.findByTestId('users-csv-dialog');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['name\nx\n'], 'x.csv', { type: 'text/csv' }));
    await screen.findByText('x.csv');
    fireEvent.click(screen.getByTestId('users-csv-upload'));
    expect((await screen.findByTestId('users-csv-error')).textContent).toBe(
      'The file lacks required columns: email, firstName and lastName.',
    );
  });
});

describe('the failed rows file', () => {
  it('keeps the failed rows as they were, under the same header, with the reason last', () => {
    const csv = failedRowsCsv(
      'email,firstName,lastName\r\n\r\nok@x.test,O,K\r\n"bad, mail",B\r\n',
      [{ row: 3, email: 'bad, mail', code: -6, message: 'm' }],
      () => 'invalid',
      'error',
    );
    expect(csv).toBe('email,firstName,lastName,error\r\n"bad, mail",B,,invalid');
  });

  it("puts a quote before a cell a spreadsheet would run as a formula, the uploaded one's and the reason", () => {
    const csv = failedRowsCsv(
      'email,firstName,lastName\r\n=cmd|calc,@SUM(A1),-2+3\r\n',
      [{ row: 2, email: '=cmd|calc', code: -6, message: 'm' }],
      () => '+reason',
      'error',
    );
    expect(csv).toBe("email,firstName,lastName,error\r\n'=cmd|calc,'@SUM(A1),'-2+3,'+reason");
  });
});

describe('the actions offered for a member', () => {
  it('offers cancelling for an invitation, enabling for a disabled member, and no admin promotion for an admin', () => {
    expect(actionsFor({ status: 'admininvited', role: 'signer' })).toEqual(['cancelInvitation']);
    expect(actionsFor({ status: 'disabled', role: 'signer' })).toEqual(['enable']);
    expect(actionsFor({ status: 'enabled', role: 'signer' })).toEqual([
      'resetPassword',
      'makeAdmin',
      'disable',
    ]);
    expect(actionsFor({ status: 'enabled', role: 'admin' })).toEqual(['resetPassword', 'disable']);
    expect(actionsFor({ status: 'cancelInvitation', role: 'signer' })).toEqual([]);
  });

  it('lets only the owner disable or enable the owner', () => {
    expect(actionsFor({ status: 'enabled', role: 'root' }, 'admin')).toEqual(['resetPassword']);
    expect(actionsFor({ status: 'disabled', role: 'root' }, 'admin')).toEqual([]);
    expect(actionsFor({ status: 'enabled', role: 'root' }, 'root')).toEqual(['resetPassword', 'disable']);
  });
});

describe('inviting one person', () => {
  it('sends the role and type chosen, then adds the new member to the chosen group', async () => {
    const sent: { path: string; body: unknown }[] = [];
    server.use(
      // Before the shell's handlers, which answer no groups.
      http.get('*/msbapi/v1/groups', () =>
        ok({ groups: [{ groupId: 'g1', groupName: 'Legal', users: [], managers: [] }] }),
      ),
      ...shellHandlers('admin'),
      listHandler([]),
      http.post('*/msbapi/v1/users/invite', async ({ request }) => {
        sent.push({ path: 'invite', body: await request.json() });
        return ok({ invited: true, user: member('n9', 'nina@demo.test', { status: 'admininvited' }) });
      }),
      http.post('*/msbapi/v1/groups/g1/users', async ({ request }) => {
        sent.push({ path: 'group', body: await request.json() });
        return ok({ groupId: 'g1', groupName: 'Legal', users: [], managers: [] });
      }),
    );
    startFakeSession();
    await renderApp('/admin?tab=users');
    fireEvent.click(await screen.findByTestId('users-invite-open'));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nina@demo.test' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nina' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Nine' } });
    fireEvent.change(screen.getByTestId('users-invite-role'), { target: { value: 'custodian' } });
    fireEvent.change(screen.getByTestId('users-invite-type'), { target: { value: 'external' } });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('users-invite-groups'), 'Leg');
    // jsdom lays nothing out, so the dropdown stays hidden: the option is chosen from the keyboard.
    await screen.findByRole('option', { name: 'Legal', hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    fireEvent.click(screen.getByTestId('users-invite-send'));
    await screen.findByText('Invitation sent to nina@demo.test.');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      {
        path: 'invite',
        body: {
          email: 'nina@demo.test',
          firstName: 'Nina',
          lastName: 'Nine',
          role: 'custodian',
          type: 'external',
        },
      },
      { path: 'group', body: { userIds: ['n9'], manager: false } },
    ]);
  });

  it('refuses to send a broken address and says why', async () => {
    server.use(...shellHandlers('admin'), listHandler([]));
    startFakeSession();
    await renderApp('/admin?tab=users');
    fireEvent.click(await screen.findByTestId('users-invite-open'));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nina(at)demo' } });
    fireEvent.click(screen.getByTestId('users-invite-send'));
    await screen.findByText('Not a valid email address');
  });
});
