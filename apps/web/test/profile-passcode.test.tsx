import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import {
  configuration,
  fakeUser,
  publicConfiguration,
  renderApp,
  shellHandlers,
  startFakeSession,
} from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

/** The profile's calls, with the signed-in user's passcodeFlag, recording what the passcode form sends. */
function handlers(passcodeFlag: boolean, answer: () => Response = () => ok({ passcodeFlag: true })) {
  const sent: unknown[] = [];
  const user = fakeUser('signer', { passcodeFlag });
  server.use(
    http.get('*/msbapi/v1/users/valid', () => ok(user)),
    http.get('*/msbapi/v1/configuration', () => ok(configuration())),
    http.get('*/msbapi/public/configuration', () => ok(publicConfiguration)),
    http.get('*/msbapi/v1/user/invitations', () => ok({ invitations: [] })),
    http.get('*/msbapi/v1/groups', () => ok({ groups: [] })),
    http.get('*/msbapi/v1/users/:userId/signature', () => ok({ signatureImage: null, initialsImage: null })),
    http.put('*/msbapi/v2/user/passcode', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  return input as HTMLInputElement;
}

describe('the signing passcode in the profile', () => {
  it('a person without one sets 6 to 12 digits typed twice; a short or mistyped one is refused before anything is sent', async () => {
    const sent = handlers(false);
    startFakeSession();
    await renderApp('/profile');
    expect((await screen.findByTestId('signing-passcode-state')).textContent).toBe(
      'You have no signing passcode yet.',
    );
    // No current passcode to give the first time; the fields bring up a number pad.
    expect(screen.queryByTestId('signing-passcode-current')).toBeNull();
    expect(type('signing-passcode-new', '12a3').value).toBe('123');
    expect(screen.getByTestId('signing-passcode-new').getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByTestId('signing-passcode-save'));
    // The rule, shown under the field, is shown again as its error.
    await waitFor(() => expect(screen.getAllByText('Use 6 to 12 digits')).toHaveLength(2));

    type('signing-passcode-new', '135790');
    type('signing-passcode-confirm', '135791');
    fireEvent.click(screen.getByTestId('signing-passcode-save'));
    await screen.findByText('The two passcodes differ');
    expect(sent).toEqual([]);

    type('signing-passcode-confirm', '135790');
    fireEvent.click(screen.getByTestId('signing-passcode-save'));
    await screen.findByText('Signing passcode saved');
    expect(sent).toEqual([{ passcode: '135790', confirmPasscode: '135790' }]);
    expect((screen.getByTestId('signing-passcode-new') as HTMLInputElement).value).toBe('');
  }, 30_000);

  it('changing it sends the current passcode (or account password), and a wrong one is shown at that field', async () => {
    const sent = handlers(true, () => fail(400, -17));
    startFakeSession();
    await renderApp('/profile');
    expect((await screen.findByTestId('signing-passcode-state')).textContent).toBe(
      'Your signing passcode is set.',
    );
    type('signing-passcode-current', 'Signet-demo-1');
    type('signing-passcode-new', '24680246');
    type('signing-passcode-confirm', '24680246');
    fireEvent.click(screen.getByTestId('signing-passcode-save'));
    await screen.findByText('The current passcode or account password is wrong');
    expect(sent).toEqual([{ passcode: '24680246', confirmPasscode: '24680246', current: 'Signet-demo-1' }]);
  }, 30_000);
});

describe('an admin clearing a member’s signing passcode', () => {
  it('the users tab’s row menu clears it after a confirmation, naming the member', async () => {
    const cleared: string[] = [];
    const asha = {
      id: '55555555-5555-4555-8555-555555555555',
      email: 'asha@demo.test',
      firstName: 'Asha',
      middleName: '',
      lastName: 'Signer',
      role: 'signer',
      type: 'internal',
      status: 'enabled',
      verified: true,
      lastSignInAt: null,
    };
    server.use(
      ...shellHandlers('admin'),
      http.get('*/msbapi/v1/filteredusers', () => ok({ users: [asha], totalCount: 1, pg: 1, pageSize: 20 })),
      http.delete('*/msbapi/v2/users/:userId/passcode', ({ params }) => {
        cleared.push(String(params.userId));
        return ok({ passcodeFlag: false });
      }),
    );
    startFakeSession();
    const user = userEvent.setup();
    await renderApp('/admin?tab=users');
    const row = await screen.findByTestId('users-row');
    await user.click(within(row).getByTestId('users-row-actions'));
    await user.click(await screen.findByTestId('users-action-clearPasscode'));
    await screen.findByText(
      'Clear the signing passcode of Asha Signer? They cannot apply rubber stamps until they set a new one.',
    );
    expect(cleared).toEqual([]);
    await user.click(screen.getByTestId('confirm-ok'));
    await screen.findByText('Signing passcode cleared');
    expect(cleared).toEqual([asha.id]);
  }, 30_000);
});
