import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/support/oidc-provider.ts';
import { apiSignIn, baseUrl, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';

describe('single sign-on (issue 12)', () => {
  const browser = setupBrowser();
  let idp: TestOidcProvider;

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUri: `${baseUrl()}/sso/callback` });
    idp.setAccount('nadia', {
      email: 'nadia.sso@demo.test',
      email_verified: true,
      given_name: 'Nadia',
      family_name: 'Sso',
      groups: ['staff', 'senders'],
    });
    idp.setAccount('outsider', { email: 'olaf@elsewhere.example', email_verified: true, groups: [] });
  });
  afterAll(() => idp?.close());

  it('an admin sets up the tenant’s OpenID provider; someone new signs in through its login and consent pages and lands on the dashboard as the role their group maps to; an address outside the allowed domains is refused in words', async () => {
    // ── The admin fills in the provider in the SSO tab.
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/admin?tab=sso');
    await admin.getByTestId('sso-card').waitFor();
    expect(await admin.getByTestId('sso-redirect-uri').textContent()).toBe(`${baseUrl()}/sso/callback`);
    await expectAccessible(admin);

    await admin.getByTestId('sso-display-name').fill('Demo ID');
    await admin.getByTestId('sso-issuer').fill('not an address');
    await admin.getByTestId('sso-client-id').fill(idp.clientId);
    await admin.getByTestId('sso-save').click();
    await admin.getByText('Enter an https address.').waitFor();

    // A provider that is not there is refused when saved, in words.
    await admin.getByTestId('sso-issuer').fill(`${idp.issuer}/nowhere`);
    await admin.getByTestId('sso-save').click();
    await admin.getByTestId('sso-error').getByText('The sign-in provider could not be reached').waitFor();

    await admin.getByTestId('sso-issuer').fill(idp.issuer);
    await admin.getByTestId('sso-client-secret').fill(idp.clientSecret);
    await admin.getByTestId('sso-scopes').fill('openid email profile groups');
    await admin.getByTestId('sso-role-claim').fill('groups');
    await admin.getByTestId('sso-add-mapping').click();
    await admin.getByTestId('sso-mapping-value-0').fill('senders');
    await admin.getByTestId('sso-mapping-role-0').click();
    await admin.getByRole('option', { name: 'Custodian' }).click();
    await admin.getByRole('switch', { name: 'Add new people at their first sign-in' }).click();
    await admin.getByTestId('sso-domains').fill('demo.test');
    await admin.getByTestId('sso-domains').press('Enter');
    await expectAccessible(admin);
    await admin.getByTestId('sso-save').click();
    await admin.getByText('Single sign-on saved.').waitFor();
    await admin.getByText('A secret is stored. Leave this empty to keep it.').waitFor();
    expect(await admin.getByTestId('sso-client-secret').inputValue()).toBe('');
    const signInUrl = (await admin.getByTestId('sso-sign-in-url').textContent()) ?? '';
    expect(signInUrl).toMatch(/\/login\?sso=[0-9a-f-]{36}$/);

    // ── Someone new opens the link, signs in at the provider and consents.
    const page = await browser.newPage();
    await page.goto(signInUrl);
    const button = page.getByTestId('login-sso');
    await button.waitFor();
    expect(await button.textContent()).toBe('Sign in with Demo ID');
    await expectAccessible(page);
    await button.click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('nadia');
    await page.locator('input[name="password"]').fill('whatever the provider asks');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === '/dashboard');
    await page.getByTestId('user-menu').waitFor();

    // She is a member now, a custodian through her "senders" group.
    const adminApi = await apiSignIn('admin@demo.test');
    const nadia = await callApi<{ role: string; firstName: string }>(
      'GET',
      '/v1/user?email=nadia.sso%40demo.test',
      { token: adminApi.token },
    );
    expect(nadia.data).toMatchObject({ role: 'custodian', firstName: 'Nadia' });

    // ── Someone outside the allowed domains comes back to a refusal in words and a way back.
    const outsider = await browser.newPage();
    await outsider.goto(signInUrl);
    await outsider.getByTestId('login-sso').click();
    await outsider.waitForURL((url) => url.origin === idp.issuer);
    await outsider.locator('input[name="login"]').fill('outsider');
    await outsider.locator('input[name="password"]').fill('any');
    await outsider.getByRole('button', { name: 'Sign-in' }).click();
    await outsider.getByRole('button', { name: 'Continue' }).click();
    await outsider
      .getByText('You are not a member of this organisation through its provider.', { exact: false })
      .waitFor();
    await expectAccessible(outsider);
    await outsider.getByTestId('sso-back').click();
    await outsider.getByTestId('login-sso').waitFor();

    // ── A browser that never opened the link sees no provider on /login: nothing names tenants.
    const again = await browser.newPage();
    await again.goto('/login');
    await again.getByTestId('login-username').waitFor();
    expect(await again.getByTestId('login-sso').count()).toBe(0);
  });
});
