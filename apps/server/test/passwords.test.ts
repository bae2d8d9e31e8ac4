import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/mail-catcher.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('forgot and reset password', () => {
  it('mails a reset link; the link sets a new password once', async () => {
    expect(
      (await t.call('POST', '/public/users/forgotPassword', { body: { email: 'signer1@demo.test' } })).code,
    ).toBe(1);
    const link = linkIn(await t.mail.next('signer1@demo.test', /Reset/));
    expect(link).toMatch(/^http:\/\/signet\.test\/resetpassword\?token=/);
    const body = { token: tokenOf(link), newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-2' };
    expect((await t.call('POST', '/public/users/password', { body })).code).toBe(1);
    expect((await t.signIn('signer1@demo.test', 'Fresh-pass-2')).token).toBeTruthy();
    const again = await t.call('POST', '/public/users/password', { body });
    expect(again.code).toBe(Code.INVALID_TOKEN);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await t.call('POST', '/public/users/forgotPassword', { body: { email: 'nobody@demo.test' } });
    expect(res.code).toBe(1);
    await expect(t.mail.next('nobody@demo.test', undefined, 300)).rejects.toThrow(/no mail/);
  });

  it('refuses the sixth reset of a day with -227', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await t.call('POST', '/public/users/forgotPassword', { body: { email: 'signer2@demo.test' } })).code,
      );
    }
    expect(codes).toEqual([1, 1, 1, 1, 1, Code.MAX_PASSWORD_RESETS]);
  });

  it('only the newest reset link works', async () => {
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'registrar@demo.test' } });
    const first = tokenOf(linkIn(await t.mail.next('registrar@demo.test', /Reset/)));
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'registrar@demo.test' } });
    const second = tokenOf(linkIn(await t.mail.next('registrar@demo.test', /Reset/)));
    const old = await t.call('POST', '/public/users/password', {
      body: { token: first, newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-2' },
    });
    expect(old.code).toBe(Code.INVALID_TOKEN);
    const fresh = await t.call('POST', '/public/users/password', {
      body: { token: second, newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-2' },
    });
    expect(fresh.code).toBe(1);
  });

  it('an expired link answers -45', async () => {
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'submitter@demo.test' } });
    const token = tokenOf(linkIn(await t.mail.next('submitter@demo.test', /Reset/)));
    t.clock.advance(3601);
    const res = await t.call('POST', '/public/users/password', {
      body: { token, newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-2' },
    });
    expect(res.code).toBe(Code.INVALID_TOKEN);
  });

  it('checks the password policy (-16) and that both fields match (-6)', async () => {
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'custodian@demo.test' } });
    const token = tokenOf(linkIn(await t.mail.next('custodian@demo.test', /Reset/)));
    const weak = await t.call<{ problems: string[] }>('POST', '/public/users/password', {
      body: { token, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.code).toBe(Code.INVALID_PASSWORD);
    expect(weak.data.problems).toEqual(
      expect.arrayContaining(['at least 8 characters', 'an uppercase letter', 'a digit']),
    );
    const mismatch = await t.call('POST', '/public/users/password', {
      body: { token, newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-3' },
    });
    expect(mismatch.code).toBe(Code.INVALID_INPUT);
  });
});

describe('change password', () => {
  it('needs the current password (-17) and keeps the session that changed it, ending the others', async () => {
    const here = await t.signIn('admin@other.test');
    const elsewhere = await t.signIn('admin@other.test');
    const wrongOld = await t.call('POST', '/v1/users/password', {
      token: here.token,
      body: { oldPassword: 'Nope-nope-1', newPassword: 'Other-pass-2', confirmPassword: 'Other-pass-2' },
    });
    expect(wrongOld.code).toBe(Code.WRONG_OLD_PASSWORD);
    const ok = await t.call('POST', '/v1/users/password', {
      token: here.token,
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Other-pass-2', confirmPassword: 'Other-pass-2' },
    });
    expect(ok.code).toBe(1);
    expect((await t.call('GET', '/v1/users/valid', { token: here.token })).code).toBe(1);
    expect((await t.call('GET', '/v1/users/valid', { token: elsewhere.token })).code).toBe(
      Code.SESSION_ENDED,
    );
    expect((await t.signIn('admin@other.test', 'Other-pass-2')).token).toBeTruthy();
  });
});

describe('admin password reset', () => {
  it('mails the member a set-password link; their password and sessions stay until they use it', async () => {
    const admin = await t.signIn('admin@demo.test');
    // signer1 chose Fresh-pass-2 in the first test of this file.
    const member = await t.signIn('signer1@demo.test', 'Fresh-pass-2');
    const target = await t.call<{ id: string }>('GET', '/v1/user', {
      token: admin.token,
      query: { email: 'signer1@demo.test' },
    });
    expect(
      (await t.call('POST', `/v1/users/${target.data.id}/password/reset`, { token: admin.token })).code,
    ).toBe(1);
    const mail = await t.mail.next('signer1@demo.test', /Reset/);
    expect(mail.text).toContain('An administrator asked you to choose a new password.');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/signet\.test\/resetpassword\?token=/);

    expect((await t.call('GET', '/v1/users/valid', { token: member.token })).code).toBe(1);
    expect((await t.signIn('signer1@demo.test', 'Fresh-pass-2')).token).toBeTruthy();

    const body = { token: tokenOf(link), newPassword: 'Chosen-pass-3', confirmPassword: 'Chosen-pass-3' };
    expect((await t.call('POST', '/public/users/password', { body })).code).toBe(1);
    expect((await t.signIn('signer1@demo.test', 'Chosen-pass-3')).token).toBeTruthy();
    const old = await t.call('POST', '/v1/authenticate', {
      form: { username: 'signer1@demo.test', password: 'Fresh-pass-2' },
    });
    expect(old.code).toBe(Code.INVALID_PASSWORD);
    // Using the link is a password change: it ends the sessions opened with the old password.
    expect((await t.call('GET', '/v1/users/valid', { token: member.token })).code).toBe(Code.SESSION_ENDED);
  });

  it('admin resets have a limit of five a day (-227) of their own: the member can still ask for a link', async () => {
    const admin = await t.signIn('admin@demo.test');
    const target = await t.call<{ id: string }>('GET', '/v1/user', {
      token: admin.token,
      query: { email: 'custodian@demo.test' },
    });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await t.call('POST', `/v1/users/${target.data.id}/password/reset`, { token: admin.token })).code,
      );
    expect(codes.at(-1)).toBe(Code.MAX_PASSWORD_RESETS);
    const forgot = await t.call('POST', '/public/users/forgotPassword', {
      body: { email: 'custodian@demo.test' },
    });
    expect(forgot.code).toBe(1);
  });
});

describe('sign-up and registration', () => {
  it('sign-up creates an organisation whose first user is its owner', async () => {
    const res = await t.call<{ tenantId: string }>('POST', '/v1/user/signup', {
      body: {
        email: 'founder@acme.test',
        firstName: 'Fay',
        lastName: 'Founder',
        orgName: 'Acme',
        newPassword: 'Acme-pass-1',
        confirmPassword: 'Acme-pass-1',
      },
    });
    expect(res.code).toBe(1);
    await t.mail.next('founder@acme.test', /Welcome/);
    const s = await t.signIn('founder@acme.test', 'Acme-pass-1');
    const me = await t.call<{ role: string }>('GET', '/v1/users/valid', { token: s.token });
    expect(me.data.role).toBe('root');
    expect(s.tenantId).toBe(res.data.tenantId);
  });

  it('sign-up refuses a known email (-81) and a taken organisation name (-87)', async () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      newPassword: 'Acme-pass-1',
      confirmPassword: 'Acme-pass-1',
    };
    const email = await t.call('POST', '/v1/user/signup', {
      body: { ...base, email: 'admin@demo.test', orgName: 'Fresh' },
    });
    const name = await t.call('POST', '/v1/user/signup', {
      body: { ...base, email: 'new@x.test', orgName: 'acme' },
    });
    expect([email.code, name.code]).toEqual([Code.USER_EXISTS, Code.TENANT_EXISTS]);
  });

  it('an invited external user registers with the invitation code and can then sign in', async () => {
    const admin = await t.signIn('admin@demo.test');
    await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: {
        email: 'guest@partner.test',
        firstName: 'G',
        lastName: 'Guest',
        role: 'signer',
        type: 'external',
      },
    });
    const inviteCode = tokenOf(linkIn(await t.mail.next('guest@partner.test', /invited/)));
    const res = await t.call<{ code: number; userId: string }>('POST', '/public/users/registerusertenant', {
      body: {
        userEmail: 'guest@partner.test',
        firstName: 'Greta',
        lastName: 'Guest',
        userType: 'external',
        userLoginType: 'Email',
        newPassword: 'Guest-pass-1',
        confirmPassword: 'Guest-pass-1',
        inviteCode,
        jobTitle: 'Counsel',
      },
    });
    expect(res.code).toBe(1);
    expect(res.data.code).toBe(1);
    const s = await t.signIn('guest@partner.test', 'Guest-pass-1');
    const me = await t.call<{ firstName: string; title: string; status: string }>('GET', '/v1/users/valid', {
      token: s.token,
    });
    expect(me.data).toMatchObject({ firstName: 'Greta', title: 'Counsel', status: 'enabled' });
  });
});

// Last: it moves the clock a month and expires the Demo tenant's passwords.
describe('password expiry', () => {
  it('a password older than the policy allows answers -73 expired', async () => {
    const admin = await t.signIn('admin@demo.test');
    expect(
      (
        await t.call('PUT', '/v1/configuration', {
          token: admin.token,
          body: { passwordPolicy: { expiryDays: 30 } },
        })
      ).code,
    ).toBe(1);
    t.clock.advance(31 * 86_400);
    const res = await t.call('POST', '/v1/authenticate', {
      form: { username: 'submitter@demo.test', password: DEMO_PASSWORD },
    });
    expect([res.code, res.data]).toEqual([Code.USER_NOT_ENABLED, 'expired']);
  });
});
