import { Code } from '@signet/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  TENANT,
} from './render-app.tsx';

const server = setupMockServer(http.get('*/msbapi/public/configuration', () => ok(publicConfiguration)));
afterEach(() => sessionStore.clear());

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

describe('single sign-on on the login page', () => {
  it('offers the tenant’s provider named by the admin’s link', async () => {
    server.use(http.get(`*/msbapi/public/sso/${TENANT}`, () => ok({ providerName: 'Demo ID' })));
    await renderApp(`/login?sso=${TENANT}`);
    expect((await screen.findByTestId('login-sso')).textContent).toBe('Sign in with Demo ID');
  });

  it('offers nothing for a tenant without a provider', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/msbapi/public/sso/:tenantId', ({ params }) => {
        asked.push(String(params.tenantId));
        return ok({ providerName: null });
      }),
    );
    await renderApp(`/login?sso=${TENANT}`);
    await screen.findByTestId('login-submit');
    await waitFor(() => expect(asked).toEqual([TENANT]));
    expect(screen.queryByTestId('login-sso')).toBeNull();
  });

  it('says so when the provider cannot be reached at the start', async () => {
    server.use(
      http.get(`*/msbapi/public/sso/${TENANT}`, () => ok({ providerName: 'Demo ID' })),
      http.post('*/msbapi/public/sso/start', () =>
        fail(400, Code.GENERIC_ERROR, { reason: 'providerUnavailable' }),
      ),
    );
    await renderApp(`/login?sso=${TENANT}`);
    fireEvent.click(await screen.findByTestId('login-sso'));
    expect((await screen.findByTestId('form-error')).textContent).toContain(
      'The sign-in provider could not be reached',
    );
  });
});

describe('the single sign-on callback page', () => {
  it('hands the provider’s answer to the server once and opens the page asked for', async () => {
    const sent: unknown[] = [];
    server.use(
      ...shellHandlers('custodian'),
      http.post('*/msbapi/public/sso/callback', async ({ request }) => {
        sent.push(await request.json());
        return ok({ ...tokens, next: '/profile' });
      }),
    );
    const { router } = await renderApp(
      '/sso/callback?code=the-code&state=the-state&iss=https%3A%2F%2Fidp.example',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent).toEqual([{ state: 'the-state', code: 'the-code', iss: 'https://idp.example' }]);
  });

  it('asks an existing account for its Signet password once (-1201), then signs in', async () => {
    const linked: unknown[] = [];
    server.use(
      ...shellHandlers('custodian'),
      http.post('*/msbapi/public/sso/callback', () =>
        fail(403, Code.SSO_LINK_REQUIRED, {
          reason: 'confirmLink',
          linkToken: 'the-link',
          email: 'sara@demo.test',
          providerName: 'Demo ID',
        }),
      ),
      http.post('*/msbapi/public/sso/link', async ({ request }) => {
        linked.push(await request.json());
        return ok({ ...tokens, next: '/profile' });
      }),
    );
    const { router } = await renderApp('/sso/callback?code=c&state=s');
    expect((await screen.findByTestId('sso-link-explain')).textContent).toContain('sara@demo.test');
    fireEvent.change(screen.getByTestId('sso-link-password'), { target: { value: 'Demo-pass-1' } });
    fireEvent.click(screen.getByTestId('sso-link-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(linked).toEqual([{ linkToken: 'the-link', password: 'Demo-pass-1' }]);
  });

  it('explains a spent or foreign sign-in (-45) and leads back to the login page', async () => {
    server.use(http.post('*/msbapi/public/sso/callback', () => fail(401, Code.INVALID_TOKEN)));
    await renderApp('/sso/callback?code=c&state=s');
    expect((await screen.findByTestId('form-error')).textContent).toContain('Please start again');
    expect(screen.getByTestId('sso-back').getAttribute('href')).toBe('/login');
  });
});

describe('the admin’s single sign-on tab', () => {
  it('saves the provider, keeping the stored secret when none is typed and mapping no roles without a claim', async () => {
    const sent: unknown[] = [];
    const answer = {
      settings: {
        enabled: true,
        displayName: 'Demo ID',
        issuer: 'https://idp.example',
        clientId: 'signet',
        hasClientSecret: true,
        scopes: 'openid email',
        roleClaim: 'groups',
        roleMapping: [{ value: 'senders', role: 'custodian' }],
        defaultRole: 'signer',
        justInTime: false,
        allowedDomains: ['demo.test'],
        updatedOn: '2026-11-25T00:00:00.000Z',
      },
      redirectUri: 'http://localhost/sso/callback',
      signInUrl: `http://localhost/login?sso=${TENANT}`,
    };
    server.use(
      // The shell's configuration with the branding the header reads.
      http.get('*/msbapi/v1/configuration', () =>
        ok({ ...configuration(), branding: { displayName: null, primaryColor: null, logoUrl: null } }),
      ),
      ...shellHandlers('admin'),
      http.get('*/msbapi/v1/sso', () => ok(answer)),
      http.put('*/msbapi/v1/sso', async ({ request }) => {
        sent.push(await request.json());
        return ok(answer);
      }),
    );
    startFakeSession();
    await renderApp('/admin?tab=sso');
    expect((await screen.findByTestId('sso-redirect-uri')).textContent).toBe('http://localhost/sso/callback');
    fireEvent.change(screen.getByTestId('sso-role-claim'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('sso-save'));
    await screen.findByText('Single sign-on saved.');
    expect(sent).toEqual([
      {
        enabled: true,
        displayName: 'Demo ID',
        issuer: 'https://idp.example',
        clientId: 'signet',
        scopes: 'openid email',
        roleClaim: null,
        roleMapping: [{ value: 'senders', role: 'custodian' }],
        defaultRole: 'signer',
        justInTime: false,
        allowedDomains: ['demo.test'],
      },
    ]);
  });
});
