import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signIn, signInAndWait } from './support/app.ts';
import { nextMail } from './support/mail.ts';

/** The stored access token with its expiry moved into the past, signed like the server signs it. */
async function expiredCopy(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: payload.sid, tid: payload.tid, ip: payload.ip })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(payload.sub))
    .setIssuer('signet')
    .setAudience('signet-api')
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(inject('jwtSecret')));
}

describe('session', () => {
  const browser = setupBrowser();

  it('two-factor sign-in: the emailed code finishes the sign-in', async () => {
    const email = 'owner@twofactor.test';
    const signup = await callApi('POST', '/v1/user/signup', {
      body: {
        email,
        firstName: 'Tara',
        lastName: 'Twofactor',
        orgName: 'Two Factor Ltd',
        newPassword: 'Two-factor-1',
        confirmPassword: 'Two-factor-1',
      },
    });
    expect(signup.code).toBe(1);
    const owner = await apiSignIn(email, 'Two-factor-1');
    const settings = await callApi('PUT', '/v1/configuration', {
      token: owner.token,
      body: { twoFactor: true },
    });
    expect(settings.code).toBe(1);

    const page = await browser.newPage();
    await signIn(page, email, 'Two-factor-1');
    await page.getByTestId('otp-masked-email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/authenticate');
    const code = /(\d{6})/.exec((await nextMail(email, /code/)).subject)?.[1];
    if (!code) throw new Error('no code in the mail subject');
    await page.getByTestId('otp-input').locator('input').first().click();
    await page.keyboard.type(code);
    await page.getByTestId('otp-submit').click();
    await page.getByTestId('dashboard-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('an access token that expired mid-session is refreshed once, without a visible error', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    const stored = await page.evaluate(() => localStorage.getItem('signet.session'));
    const session = JSON.parse(stored ?? '{}') as { accessToken: string };
    const expired = await expiredCopy(session.accessToken);
    await page.evaluate(
      (s) => localStorage.setItem('signet.session', s),
      JSON.stringify({ ...session, accessToken: expired }),
    );

    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/msbapi/v1/authenticate')) refreshes.push(r.url());
    });
    // A reload starts several calls at once, all with the expired token.
    await page.reload();
    await page.getByTestId('dashboard-title').waitFor();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(refreshes).toHaveLength(1);
    const after = JSON.parse((await page.evaluate(() => localStorage.getItem('signet.session'))) ?? '{}') as {
      accessToken: string;
    };
    expect(after.accessToken).not.toBe(expired);
    expect(await page.getByTestId('form-error').count()).toBe(0);
    // No toast either: the refresh and the retry are invisible.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  });

  it('a session revoked elsewhere sends the user to /accessdenied?status=unauthorized', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'registrar@demo.test');
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('signet.session') ?? '{}') as { accessToken: string }).accessToken,
    );
    expect((await callApi('POST', '/v1/logout', { token })).code).toBe(1);
    await page.reload();
    await page.getByTestId('access-denied-unauthorized').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('signet.session'))).toBeNull();
  });
});
