import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signIn } from './support/app.ts';
import { fillNewPassword } from './support/journeys.ts';
import { linkIn, nextMail } from './support/mail.ts';

const INVITEE = 'invitee@demo.test';
const FIRST_PASSWORD = 'Invitee-pass-1';
const RESET_PASSWORD = 'Invitee-pass-2';

async function expectDashboard(page: Page): Promise<void> {
  await page.getByTestId('dashboard-title').waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
}

describe('passwords: invitation, forgot and reset, reset by an admin', () => {
  const browser = setupBrowser();

  it('an invited user sets a password in the set-password dialog, then signs in', async () => {
    const admin = await apiSignIn('admin@demo.test');
    const invite = await callApi('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: INVITEE, firstName: 'Indira', lastName: 'Invitee', role: 'signer', type: 'internal' },
    });
    expect(invite.code).toBe(1);
    const link = linkIn(await nextMail(INVITEE, /invited/));
    expect(link).toContain('invite=1');

    const page = await browser.newPage();
    await page.goto(link);
    // The dialog's content lives in a portal; its root element has no box of its own.
    await page.getByTestId('set-password-submit').waitFor();
    await fillNewPassword(page, FIRST_PASSWORD);
    await page.getByTestId('set-password-submit').click();
    await page.getByTestId('login-submit').waitFor();
    await signIn(page, INVITEE, FIRST_PASSWORD);
    await expectDashboard(page);
  });

  it('forgot password mails a link; the reset page sets the new password', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByTestId('link-forgot').click();
    await page.getByTestId('forgot-email').fill(INVITEE);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();

    await page.goto(linkIn(await nextMail(INVITEE, /Reset your Signet password/)));
    await fillNewPassword(page, 'short');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('form-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/resetpassword');
    await fillNewPassword(page, RESET_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('login-submit').waitFor();

    await signIn(page, INVITEE, FIRST_PASSWORD);
    await page.getByTestId('form-error').waitFor();
    await signIn(page, INVITEE, RESET_PASSWORD);
    await expectDashboard(page);
  });

  it('an admin reset mails a set-password link; the old password works until the link sets a new one', async () => {
    const admin = await apiSignIn('admin@demo.test');
    const user = await callApi<{ id: string }>('GET', `/v1/user?email=${encodeURIComponent(INVITEE)}`, {
      token: admin.token,
    });
    expect(
      (await callApi('POST', `/v1/users/${user.data.id}/password/reset`, { token: admin.token })).code,
    ).toBe(1);
    const link = linkIn(await nextMail(INVITEE, /Reset your Signet password/));
    expect((await apiSignIn(INVITEE, RESET_PASSWORD)).token).toBeTruthy();

    const page = await browser.newPage();
    await page.goto(link);
    await fillNewPassword(page, 'Invitee-pass-3');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('login-submit').waitFor();
    await signIn(page, INVITEE, 'Invitee-pass-3');
    await expectDashboard(page);
  });
});
