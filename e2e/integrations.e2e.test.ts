import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, setupBrowser, signInAndWait } from './support/app.ts';

/**
 * An admin registers an integration on /admin; the integration then sends a user through the
 * authorization-code flow (issue 7) and exchanges the code it receives.
 */
describe('integrations: registration and the authorization-code flow', () => {
  const browser = setupBrowser();
  let receiver: Server;
  let receiverOrigin = '';
  const clientId = 'e2e-crm';
  let clientSecret = '';

  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>CRM</title><p>Back in the CRM</p>');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('an admin registers an integration and sees its secret once', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'admin@demo.test');
    await page.goto('/admin');
    await page.getByTestId('oauth-client-add').click();
    await page.getByTestId('oauth-client-id').fill(clientId);
    await page.getByTestId('oauth-client-name').fill('CRM (e2e)');
    await page.getByTestId('oauth-grant-authorization_code').check();
    await page.getByTestId('oauth-client-redirects').fill('not a url');
    await page.getByTestId('oauth-client-save').click();
    await page.getByText('Every line must be an http or https URL.').waitFor();
    await page.getByTestId('oauth-client-redirects').fill(`${receiverOrigin}/back`);
    await page.getByTestId('oauth-client-save').click();
    clientSecret = (await page.getByTestId('oauth-secret-value').textContent())?.trim() ?? '';
    expect(clientSecret.length).toBeGreaterThan(20);
    await page.getByTestId('oauth-secret-close').click();
    await page.getByTestId(`oauth-client-${clientId}`).waitFor();
    await page.getByTestId('callbacks-card').waitFor();
  });

  it('sends a user who signs in to the integration with a code it exchanges once', async () => {
    const page = await browser.newPage();
    const back = `${receiverOrigin}/back`;
    await page.goto(`/mysignaturebook/app/login?redirect_uri=${encodeURIComponent(back)}&state=card-42`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByTestId('oauth-host').waitFor();
    expect(await page.getByTestId('oauth-host').textContent()).toContain(new URL(receiverOrigin).host);
    await page.getByTestId('login-username').fill('custodian@demo.test');
    await page.getByTestId('login-password').fill('Signet-demo-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.origin === receiverOrigin);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/back');
    expect(landed.searchParams.get('state')).toBe('card-42');
    const code = landed.searchParams.get('code') ?? '';

    const exchange = () =>
      callApi<{ access_token: string; user: { email: string } }>('POST', '/public/token', {
        form: { client_id: clientId, client_secret: clientSecret, grant_type: 'authorization_code', code },
      });
    const tokens = await exchange();
    expect(tokens.data.user.email).toBe('custodian@demo.test');
    expect((await exchange()).code).toBe(-45);

    // Already signed in (the session stayed in this browser): straight on to the integration.
    await page.goto(`/login?redirect_uri=${encodeURIComponent(back)}&state=again`);
    await page.waitForURL(
      (url) => url.origin === receiverOrigin && url.searchParams.get('state') === 'again',
    );
  });
});
