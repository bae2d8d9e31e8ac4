import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { publicConfiguration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer(http.get('*/msbapi/public/configuration', () => ok(publicConfiguration)));
afterEach(() => sessionStore.clear());

describe('route guards', () => {
  it('a signed-out visitor of a signed-in page goes to /login, which will bring them back', async () => {
    const { router } = await renderApp('/dashboard');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fdashboard');
  });

  it('a role without the route lands on /accessdenied?status=forbidden', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    const { router } = await renderApp('/compose');
    await screen.findByTestId('access-denied-forbidden');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/accessdenied?status=forbidden',
    );
  });

  it('a role with the route sees the page under the header', async () => {
    server.use(
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
    );
    startFakeSession();
    await renderApp('/compose');
    await screen.findByTestId('page-compose');
    expect(screen.getByTestId('user-menu')).toBeTruthy();
  });

  it('the home route sends a super admin to settings', async () => {
    server.use(...shellHandlers('super_admin'));
    startFakeSession();
    const { router } = await renderApp('/');
    await screen.findByTestId('page-settings');
    expect(router.state.location.pathname).toBe('/settings');
  });

  it.each([
    ['expired', 'Session expired'],
    ['unauthorized', 'Not authorised'],
    ['licenseexpired', 'Licence expired'],
    ['servererror', 'Server error'],
    ['forbidden', 'Access denied'],
  ])('/accessdenied shows the %s status', async (status, title) => {
    await renderApp(`/accessdenied?status=${status}`);
    await screen.findByTestId(`access-denied-${status}`);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
  });
});

describe('header menus', () => {
  it('super admin: settings and reports only, and no switch to the new view', async () => {
    server.use(...shellHandlers('super_admin'));
    startFakeSession();
    await renderApp('/settings');
    const menu = await screen.findByTestId('top-menu');
    const items = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(items).toEqual(['Settings', 'Reports']);
    screen.getByTestId('user-menu').click();
    await screen.findByTestId('menu-logout');
    expect(screen.queryByTestId('menu-switch-view')).toBeNull();
  });

  it('admin: the compose dropdown and the admin group', async () => {
    server.use(...shellHandlers('admin'));
    startFakeSession();
    await renderApp('/features');
    await screen.findByTestId('features-title');
    expect(screen.getByTestId('nav-compose')).toBeTruthy();
    expect(screen.getByTestId('nav-admin')).toBeTruthy();
    expect(screen.queryByTestId('nav-settings')).toBeNull();
  });

  it('the global search is in the header, except on the team room screen', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    const { router } = await renderApp('/features');
    await screen.findByTestId('features-title');
    expect(screen.getByTestId('global-search-type')).toBeTruthy();
    await router.navigate('/teamroom');
    await screen.findByTestId('page-teamroom');
    expect(screen.queryByTestId('global-search-type')).toBeNull();
  });
});
