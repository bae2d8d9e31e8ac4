import { Code } from '@signet/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { fakeUser, publicConfiguration, renderApp, shellHandlers, TENANT } from './render-app.tsx';

const server = setupMockServer(
  http.get('*/msbapi/public/configuration', () => ok(publicConfiguration)),
  http.get('*/msbapi/public/passwordpolicy', () =>
    ok({
      minLength: 8,
      maxLength: 128,
      requireUppercase: true,
      requireLowercase: true,
      requireDigit: true,
      requireSpecial: false,
      expiryDays: 0,
      lockoutThreshold: 5,
      lockoutMinutes: 15,
    }),
  ),
);
afterEach(() => sessionStore.clear());

async function submitSignIn(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('sign-in page', () => {
  it('signs in and goes to the dashboard', async () => {
    server.use(
      ...shellHandlers('signer'),
      http.post('*/msbapi/v1/authenticate', () =>
        ok({
          access_token: 'a',
          msb_token: 'a',
          refresh_token: 'r',
          expires_in: 900,
          uistokenexpiresin: 900,
          defaultTenantId: TENANT,
          user: fakeUser('signer'),
          tenants: [],
        }),
      ),
      http.get('*/msbapi/v2/epaks', () => ok([], { metadata: undefined })),
      http.get('*/msbapi/v2/statistics', () =>
        ok({ scope: 'user', type: 'summary', summary: {}, weekly: null }),
      ),
    );
    const { router } = await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'secret');
    await screen.findByTestId('dashboard-title');
    expect(router.state.location.pathname).toBe('/dashboard');
    // The server's spelling of the address is the one remembered.
    expect(localStorage.getItem('signet.username')).toBe('test@demo.test');
  });

  it('shows a wrong password in place', async () => {
    server.use(http.post('*/msbapi/v1/authenticate', () => fail(400, Code.INVALID_PASSWORD)));
    await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'nope');
    expect((await screen.findByTestId('form-error')).textContent).toMatch(/Wrong email or password/);
  });

  it('says a disabled account should contact the administrator', async () => {
    server.use(http.post('*/msbapi/v1/authenticate', () => fail(403, Code.USER_DISABLED)));
    await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'x');
    expect((await screen.findByTestId('form-error')).textContent).toMatch(/contact your administrator/);
  });

  it('-200 goes to the two-factor page with the masked email', async () => {
    server.use(
      http.post('*/msbapi/v1/authenticate', () =>
        fail(403, Code.TWO_FACTOR_REQUIRED, {
          otpToken: 't',
          otpId: '33333333-3333-4333-8333-333333333333',
          maskedEmail: 'si***@demo.test',
          expiresIn: 300,
        }),
      ),
    );
    const { router } = await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'x');
    expect((await screen.findByTestId('otp-masked-email')).textContent).toContain('si***@demo.test');
    expect(router.state.location.pathname).toBe('/authenticate');
  });

  it('a two-factor sign-in goes on to the page asked for once the code is right', async () => {
    const tokens = {
      access_token: 'a',
      msb_token: 'a',
      refresh_token: 'r',
      expires_in: 900,
      uistokenexpiresin: 900,
      defaultTenantId: TENANT,
      user: fakeUser('custodian'),
      tenants: [],
    };
    server.use(
      ...shellHandlers('custodian'),
      http.post('*/msbapi/v1/authenticate', () =>
        fail(403, Code.TWO_FACTOR_REQUIRED, {
          otpToken: 't',
          otpId: '33333333-3333-4333-8333-333333333333',
          maskedEmail: 'cu***@demo.test',
          expiresIn: 300,
        }),
      ),
      http.post('*/msbapi/v2/authentication/otp/verify', () => ok(tokens)),
    );
    const { router } = await renderApp('/login?next=%2Fprofile');
    await submitSignIn('custodian@demo.test', 'x');
    await screen.findByTestId('otp-masked-email');
    const first = screen.getByTestId('otp-input').querySelector('input');
    if (!first) throw new Error('no code input');
    fireEvent.change(first, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sessionStorage.getItem('signet.afterSignIn')).toBeNull();
  });

  it('-73 with resetpassword goes to /changepassword, which asks for the temporary password', async () => {
    server.use(
      http.post('*/msbapi/v1/authenticate', () => fail(403, Code.USER_NOT_ENABLED, 'resetpassword')),
    );
    const { router } = await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'x');
    await screen.findByTestId('change-password-reason');
    expect(router.state.location.pathname).toBe('/changepassword');
    expect(screen.getByLabelText('Temporary password')).toBeTruthy();
  });

  it('the change-password form refuses mismatched passwords before calling', async () => {
    server.use(http.post('*/msbapi/v1/authenticate', () => fail(403, Code.USER_NOT_ENABLED, 'expired')));
    await renderApp('/login');
    await submitSignIn('signer1@demo.test', 'x');
    await screen.findByTestId('change-password-reason');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Old-pass-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'New-pass-2' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(screen.getByText('The passwords do not match.')).toBeTruthy());
  });
});
