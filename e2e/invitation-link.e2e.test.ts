import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, DEMO_PASSWORD, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { linkIn, nextMail } from './support/mail.ts';

/** Someone with an account (and an organisation) of their own, whom Other then invites. */
async function inviteExistingAccount(email: string, orgName: string): Promise<string> {
  const signup = await callApi('POST', '/v1/user/signup', {
    body: {
      email,
      firstName: 'Ines',
      lastName: 'Invitee',
      orgName,
      newPassword: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    },
  });
  expect(signup.code).toBe(1);
  const other = await apiSignIn('admin@other.test');
  const invite = await callApi('POST', '/v1/users/invite', {
    token: other.token,
    body: { email, firstName: 'Typed', lastName: 'Name', role: 'signer' },
  });
  expect(invite.code).toBe(1);
  return linkIn(await nextMail(email, /invited to join Other/));
}

describe('an invitation to join another organisation', () => {
  const browser = setupBrowser();

  it('is answered from the link in the mail without signing in, and then the person signs in to it', async () => {
    const link = await inviteExistingAccount('accepts@invitee.test', 'Accepting Ltd');

    const page = await browser.newPage();
    await page.goto(link);
    await page.getByTestId('invitation-summary-Other').waitFor();
    expect(await page.getByTestId('invitation-summary-Other').textContent()).toContain('Olga Other');
    await expectAccessible(page);
    await page.getByTestId('invitation-accept').click();
    await page.getByTestId('invitation-result').waitFor();
    expect(await page.getByTestId('invitation-result').textContent()).toContain('Other');

    // The link works once.
    await page.goto(link);
    await page.getByTestId('form-error').waitFor();

    await page.getByTestId('invitation-continue').click();
    await signInAndWait(page, 'accepts@invitee.test');
    await page.getByTestId('tenant-switcher').waitFor();
    expect(await page.getByTestId('invitation-prompt').count()).toBe(0);
  });

  it('declining from the link leaves the person outside the organisation', async () => {
    const link = await inviteExistingAccount('declines@invitee.test', 'Declining Ltd');
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByTestId('invitation-decline').click();
    await page.getByTestId('invitation-result').waitFor();
    await page.getByTestId('invitation-continue').click();
    await signInAndWait(page, 'declines@invitee.test');
    expect(await page.getByTestId('tenant-switcher').count()).toBe(0);
    expect(await page.getByTestId('invitation-prompt').count()).toBe(0);
  });
});
