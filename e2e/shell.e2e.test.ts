import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible, seriousViolations } from './support/axe.ts';

async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label }).click();
}

describe('the shell', () => {
  const browser = setupBrowser();

  it('an invitation from another tenant is accepted at the sign-in prompt, then the switcher changes the role to that tenant', async () => {
    const other = await apiSignIn('admin@other.test');
    const invite = await callApi('POST', '/v1/users/invite', {
      token: other.token,
      body: { email: 'signer1@demo.test', firstName: 'Sanjay', lastName: 'Signer', role: 'custodian' },
    });
    expect(invite.code).toBe(1);

    const page = await browser.newPage();
    await signInAndWait(page, 'signer1@demo.test');
    // Nobody joins a tenant without saying yes: the invitation waits at the next sign-in.
    await page.getByTestId('invitation-prompt').waitFor();
    expect(await page.getByTestId('tenant-switcher').count()).toBe(0);
    await expectAccessible(page);
    await page.getByTestId('invitation-accept-Other').click();
    await page.getByTestId('invitation-prompt').waitFor({ state: 'detached' });
    expect(await page.getByTestId('nav-compose').count()).toBe(0);
    await chooseOption(page, 'tenant-switcher', 'Other');
    await page.getByTestId('nav-compose').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').getByText('Custodian').waitFor();
    await page.keyboard.press('Escape');
    await chooseOption(page, 'tenant-switcher', 'Demo');
    await page.getByTestId('nav-compose').waitFor({ state: 'detached' });
  });

  it('switching the language to Hindi translates the interface and survives a reload', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-hi').click();
    await expect.poll(() => page.getByTestId('nav-dashboard').textContent()).toBe('डैशबोर्ड');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    const reloaded = await page.reload();
    // The page paints its heading in Hindi before the app has loaded too (the frame the build
    // wrote per language, chosen by the cookie the app set).
    expect(await reloaded?.text()).toContain('<h1 class="boot-title">डैशबोर्ड</h1>');
    await page.getByTestId('dashboard-title').waitFor();
    expect(await page.getByTestId('dashboard-title').textContent()).toBe('डैशबोर्ड');
  });

  it('the profile saves and the page reloads with the new values', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'submitter@demo.test');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await page.getByTestId('profile-title').fill('Head of Contracts');
    await chooseOption(page, 'profile-date-format', 'YYYY-MM-DD');
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('profile-save').click();
    await reloaded;
    await page.getByTestId('profile-email').waitFor();
    expect(await page.getByTestId('profile-title').inputValue()).toBe('Head of Contracts');
    expect(await page.getByTestId('profile-date-format').inputValue()).toBe('YYYY-MM-DD');

    // A saved signature, shown again after a reload.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('saved-signatureImage')
      .locator('input[type=file]')
      .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('saved-signatureImage').getByRole('img').waitFor();
    await page.reload();
    await page.getByTestId('saved-signatureImage').getByRole('img').waitFor();
  });

  it('both layouts render the dashboard (screenshots saved); the choice survives sign-out', async () => {
    const dir = inject('artifactsDir');
    const page = await browser.newPage();
    await signInAndWait(page, 'admin@demo.test');
    await page.getByTestId('layout-classic').waitFor();
    await page.getByTestId('folder-nav').waitFor();
    await page.screenshot({ path: join(dir, 'dashboard-classic.png'), fullPage: true });

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-switch-view').click();
    await page.getByTestId('layout-new').waitFor();
    await page.screenshot({ path: join(dir, 'dashboard-new.png'), fullPage: true });

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('login-submit').waitFor();
    await signInAndWait(page, 'admin@demo.test');
    await page.getByTestId('layout-new').waitFor();
  });

  it('the super admin has no switch to the new view', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'superadmin@demo.test');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').waitFor();
    expect(await page.getByTestId('menu-switch-view').count()).toBe(0);
  });

  it('axe finds no serious or critical violation on the main screens', async () => {
    const page = await browser.newPage();
    const found: Record<string, string[]> = {};
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    found.login = await seriousViolations(page);
    await page.goto('/forgetpassword');
    await page.getByTestId('forgot-submit').waitFor();
    found.forgot = await seriousViolations(page);
    await signInAndWait(page, 'custodian@demo.test');
    await page.getByTestId('folder-nav').waitFor();
    found.dashboard = await seriousViolations(page);
    await page.goto('/profile');
    await page.getByTestId('profile-email').waitFor();
    found.profile = await seriousViolations(page);
    await page.goto('/accessdenied?status=forbidden');
    await page.getByTestId('access-denied-forbidden').waitFor();
    found.accessDenied = await seriousViolations(page);
    expect(found).toEqual({ login: [], forgot: [], dashboard: [], profile: [], accessDenied: [] });
  });
});
