import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import {
  configuration,
  fakeToken,
  fakeUser,
  publicConfiguration,
  renderApp,
  shellHandlers,
  startFakeSession,
  TENANT,
} from './render-app.tsx';

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

  /** The last load's answers for user u1, and `/v1/users/valid` held until `answer()`. */
  function rememberedThenFresh(remembered: 'signer' | 'custodian', fresh: 'signer' | 'custodian') {
    localStorage.setItem(
      'signet.shell',
      JSON.stringify({
        owner: `u1|${TENANT}`,
        parts: { user: fakeUser(remembered), configuration: configuration() },
      }),
    );
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The first handler of a route answers: the held one goes before the shell's.
    server.use(
      http.get('*/msbapi/v1/users/valid', async () => {
        await held;
        return ok(fakeUser(fresh));
      }),
      ...shellHandlers(fresh),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
    );
    startFakeSession(fakeToken('u1'));
    return { answer: () => answer() };
  }

  it('draws a page from the role remembered from the last load, before the fresh answer comes', async () => {
    const fresh = rememberedThenFresh('custodian', 'custodian');
    await renderApp('/compose');
    await screen.findByTestId('page-compose');
    fresh.answer();
    // The fresh answer is what the next load starts from.
    await waitFor(() => expect(localStorage.getItem('signet.shell')).toContain('"owner":"u1|'));
  });

  it('turns nobody away on a remembered role: the fresh answer decides', async () => {
    const fresh = rememberedThenFresh('signer', 'custodian');
    const { router } = await renderApp('/compose');
    await screen.findByTestId('page-loader');
    expect(screen.queryByTestId('access-denied-forbidden')).toBeNull();
    fresh.answer();
    await screen.findByTestId('page-compose');
    expect(router.state.location.pathname).toBe('/compose');
  });

  it('a remembered role that has lost the route is turned away once the fresh answer says so', async () => {
    const fresh = rememberedThenFresh('custodian', 'signer');
    const { router } = await renderApp('/compose');
    await screen.findByTestId('page-compose');
    fresh.answer();
    await screen.findByTestId('access-denied-forbidden');
    expect(router.state.location.search).toBe('?status=forbidden');
  });

  it("another user's remembered answers are not used", async () => {
    localStorage.setItem(
      'signet.shell',
      JSON.stringify({ owner: `u2|${TENANT}`, parts: { user: fakeUser('custodian') } }),
    );
    server.use(
      http.get('*/msbapi/v1/users/valid', () => new Promise<never>(() => {})),
      ...shellHandlers('signer'),
    );
    startFakeSession(fakeToken('u1'));
    await renderApp('/compose');
    await screen.findByTestId('page-loader');
    expect(screen.queryByTestId('page-compose')).toBeNull();
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
