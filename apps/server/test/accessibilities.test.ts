import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Accessibilities {
  role: string;
  routes: string[];
  topMenu: string[];
  composeMenu: string[];
  adminMenu: string[];
  permissions: string[];
}

describe('GET /v1/accessibilities', () => {
  it("gives a signer the signer's routes, menus and permissions, and no admin menu or admin permission", async () => {
    const signer = await t.signIn('signer1@demo.test');
    const res = await t.call<Accessibilities>('GET', '/v1/accessibilities', { token: signer.token });
    expect(res.code).toBe(1);
    expect(res.data.role).toBe('signer');
    expect(res.data.routes).toContain('dashboard');
    expect(res.data.routes).not.toContain('admin');
    expect(res.data.topMenu).not.toContain('compose');
    expect([res.data.composeMenu, res.data.adminMenu]).toEqual([[], []]);
    expect(res.data.permissions).toContain('epaks.act');
    expect(res.data.permissions).not.toContain('users.invite');
  });

  it("follows the tenant's switches and hidden items for an admin, as the web app's header does", async () => {
    const admin = await t.signIn('admin@demo.test');
    const put = await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: {
        features: { webForm: true, userSyncUp: true, stampPaper: false, teamRoom: true },
        hiddenMenuItems: ['bulkcompose', 'editReasons'],
      },
    });
    expect(put.code).toBe(1);
    const res = await t.call<Accessibilities>('GET', '/v1/accessibilities', { token: admin.token });
    expect(res.data.topMenu).toContain('teamroom');
    expect(res.data.composeMenu).toEqual(['compose']);
    expect(res.data.adminMenu).toEqual(['editWorkflowStates', 'userSyncUp', 'fieldMapping']);
    expect(res.data.permissions).toContain('users.invite');
  });

  it('leaves reports out for the installed mobile app', async () => {
    const signer = await t.signIn('signer1@demo.test');
    const web = await t.call<Accessibilities>('GET', '/v1/accessibilities', { token: signer.token });
    const app = await t.call<Accessibilities>('GET', '/v1/accessibilities', {
      token: signer.token,
      query: { mobileApp: 'true' },
    });
    expect(web.data.topMenu).toContain('reports');
    expect(app.data.topMenu).not.toContain('reports');
  });

  it('needs a signed-in user', async () => {
    const res = await t.call('GET', '/v1/accessibilities');
    expect([res.status, res.code]).toEqual([403, Code.NOT_AUTHORIZED]);
  });
});

describe('POST /public/ui/switch', () => {
  it('answers a form post with a 303 to the dashboard carrying the chosen view', async () => {
    const res = await t.call('POST', '/public/ui/switch', { form: { view: 'new' } });
    expect([res.status, res.headers.location]).toEqual([303, '/dashboard?view=new']);
  });

  it('opens the page asked for, keeping its query, and switches back to the classic view when asked', async () => {
    const res = await t.call('POST', '/public/ui/switch', {
      form: { view: 'classic', redirect: '/epaks?folder=Inbox#top' },
    });
    expect([res.status, res.headers.location]).toEqual([303, '/epaks?folder=Inbox&view=classic#top']);
  });

  it('never sends the browser to another site', async () => {
    for (const redirect of [
      '//evil.test/x',
      'https://evil.test/',
      '/\\evil.test',
      'javascript:alert(1)',
      'dashboard',
    ]) {
      const res = await t.call('POST', '/public/ui/switch', { form: { view: 'new', redirect } });
      expect([res.status, res.headers.location]).toEqual([303, '/dashboard?view=new']);
    }
  });

  it('never sends the browser to another site, however the path is spelled', async () => {
    for (const redirect of [
      '/.//evil.test/x',
      '/./\\evil.test/x',
      '/x/..//evil.test',
      '//evil.test',
      '/\\evil.test',
      'https://evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      '\t//evil.test',
    ]) {
      const res = await t.call('POST', '/public/ui/switch', { body: { view: 'new', redirect } });
      expect([redirect, res.status, res.headers.location]).toEqual([redirect, 303, '/dashboard?view=new']);
    }
  });

  it('keeps an encoded slash encoded, and a path of this site as it is', async () => {
    const encoded = await t.call('POST', '/public/ui/switch', {
      form: { view: 'new', redirect: '/%2F%2Fevil.test' },
    });
    expect(encoded.headers.location).toBe('/%2F%2Fevil.test?view=new');
    const page = await t.call('POST', '/public/ui/switch', {
      form: { view: 'new', redirect: '/dashboard?x=1' },
    });
    expect(page.headers.location).toBe('/dashboard?x=1&view=new');
  });

  it('refuses a view that does not exist with -6', async () => {
    const res = await t.call('POST', '/public/ui/switch', { form: { view: 'retro' } });
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
  });
});
