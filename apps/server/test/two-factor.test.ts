import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
interface Challenge {
  otpToken: string;
  otpId: string;
  maskedEmail: string;
}

async function codeFromMail(email: string): Promise<string> {
  const mail = await t.mail.next(email, /code/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.text}"`);
  return code;
}

async function startSignIn(email: string) {
  const res = await t.call<Challenge>('POST', '/v1/authenticate', {
    form: { username: email, password: DEMO_PASSWORD },
  });
  return res;
}

beforeAll(async () => {
  t = await startTestServer();
  const admin = await t.signIn('admin@demo.test');
  const res = await t.call('PUT', '/v1/configuration', { token: admin.token, body: { twoFactor: true } });
  expect(res.code).toBe(1);
});
afterAll(() => t.close());

describe('two-factor sign-in by emailed code', () => {
  it('answers -200 with a challenge; the emailed code finishes the sign-in', async () => {
    const res = await startSignIn('signer1@demo.test');
    expect([res.code, res.status]).toEqual([Code.TWO_FACTOR_REQUIRED, 403]);
    expect(res.data.maskedEmail).toMatch(/^si\*+@demo\.test$/);
    const code = await codeFromMail('signer1@demo.test');
    const done = await t.call<{ access_token: string }>('POST', '/v2/authentication/otp/verify', {
      body: { otpId: res.data.otpId, otp: code },
    });
    expect(done.code).toBe(1);
    expect((await t.call('GET', '/v1/users/valid', { token: done.data.access_token })).code).toBe(1);
  });

  it('a code works only once', async () => {
    const res = await startSignIn('signer2@demo.test');
    const code = await codeFromMail('signer2@demo.test');
    expect(
      (await t.call('POST', '/v2/authentication/otp/verify', { body: { otpId: res.data.otpId, otp: code } }))
        .code,
    ).toBe(1);
    const again = await t.call('POST', '/v2/authentication/otp/verify', {
      body: { otpId: res.data.otpId, otp: code },
    });
    expect(again.code).toBe(Code.INVALID_OTP_ID);
  });

  it('answers -138 for a wrong code and -196 for an unknown code id', async () => {
    const res = await startSignIn('custodian@demo.test');
    const code = await codeFromMail('custodian@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await t.call('POST', '/v2/authentication/otp/verify', { body: { otpId: res.data.otpId, otp: wrong } }))
        .code,
    ).toBe(Code.WRONG_OTP);
    const unknown = await t.call('POST', '/v2/authentication/otp/verify', {
      body: { otpId: '00000000-0000-4000-8000-000000000000', otp: code },
    });
    expect(unknown.code).toBe(Code.INVALID_OTP_ID);
  });

  it('answers -217 after five wrong tries, even for the right code', async () => {
    const res = await startSignIn('submitter@demo.test');
    const code = await codeFromMail('submitter@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await t.call('POST', '/v2/authentication/otp/verify', {
            body: { otpId: res.data.otpId, otp: wrong },
          })
        ).code,
      );
    }
    expect(codes).toEqual([-138, -138, -138, -138, Code.MAX_OTP_ATTEMPTS]);
    const right = await t.call('POST', '/v2/authentication/otp/verify', {
      body: { otpId: res.data.otpId, otp: code },
    });
    expect(right.code).toBe(Code.MAX_OTP_ATTEMPTS);
  });

  it('refuses a new code sooner than 30 s after the last (-198), then sends one', async () => {
    const res = await startSignIn('registrar@demo.test');
    await codeFromMail('registrar@demo.test');
    const tooSoon = await t.call('POST', '/v2/authentication/otp/generate', {
      body: { otpToken: res.data.otpToken },
    });
    expect(tooSoon.code).toBe(Code.OTP_RETRY_TIMEOUT);
    t.clock.advance(31);
    const again = await t.call<{ otpId: string }>('POST', '/v2/authentication/otp/generate', {
      body: { otpToken: res.data.otpToken },
    });
    expect(again.code).toBe(1);
    const code = await codeFromMail('registrar@demo.test');
    const done = await t.call('POST', '/v2/authentication/otp/verify', {
      body: { otpId: again.data.otpId, otp: code },
    });
    expect(done.code).toBe(1);
  });

  it('an expired code answers -138', async () => {
    const res = await startSignIn('admin@demo.test');
    const code = await codeFromMail('admin@demo.test');
    t.clock.advance(301);
    const late = await t.call('POST', '/v2/authentication/otp/verify', {
      body: { otpId: res.data.otpId, otp: code },
    });
    expect(late.code).toBe(Code.WRONG_OTP);
  });

  it('writes the code mail in the language of the request that asked for it (Accept-Language)', async () => {
    const res = await t.call<Challenge>('POST', '/v1/authenticate', {
      form: { username: 'submitter@demo.test', password: DEMO_PASSWORD },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    });
    expect(res.code).toBe(Code.TWO_FACTOR_REQUIRED);
    const french = await t.mail.next('submitter@demo.test');
    expect(french.subject).toMatch(/^Votre code Signet :\s+\d{6}$/);
    expect(french.text).toContain('Ne le communiquez jamais.');
    t.clock.advance(31);
    const resent = await t.call('POST', '/v2/authentication/otp/generate', {
      body: { otpToken: res.data.otpToken },
      headers: { 'accept-language': 'hi' },
    });
    expect(resent.code).toBe(1);
    const hindi = await t.mail.next('submitter@demo.test');
    expect(hindi.subject).toMatch(/^आपका Signet कोड:\s+\d{6}$/);
    expect(hindi.text).toContain('इसे कभी किसी के साथ साझा न करें।');
  });

  it('refuses a forged otpToken with -45', async () => {
    const res = await t.call('POST', '/v2/authentication/otp/generate', { body: { otpToken: 'a.b.c' } });
    expect(res.code).toBe(Code.INVALID_TOKEN);
  });
});

describe('action codes for signed-in users', () => {
  it('validates a code sent to the signed-in user, once, and not another user’s', async () => {
    const other = await t.signIn('admin@other.test');
    const sent = await t.call<{ otpId: string }>('POST', '/v2/authentication/otp/generate', {
      token: other.token,
      body: { purpose: 'action' },
    });
    expect(sent.code).toBe(1);
    const code = await codeFromMail('admin@other.test');
    const ok = await t.call('POST', '/v2/auth/otp/validate', {
      token: other.token,
      body: { otpId: sent.data.otpId, otp: code },
    });
    expect(ok.code).toBe(1);
    const twice = await t.call('POST', '/v2/auth/otp/validate', {
      token: other.token,
      body: { otpId: sent.data.otpId, otp: code },
    });
    expect(twice.code).toBe(Code.INVALID_OTP_ID);
  });

  it('shows the masked email for the code screen', async () => {
    const other = await t.signIn('admin@other.test');
    const res = await t.call<{ maskedEmail: string }>('GET', '/v2/getMaskedInfo', { token: other.token });
    expect(res.data.maskedEmail).toBe('ad***@other.test');
  });
});
