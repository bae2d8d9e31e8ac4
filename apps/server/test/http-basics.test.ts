import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../src/db/repositories/accounts.ts';
import { linkIn } from './support/mail-catcher.ts';
import {
  type ApiResponse,
  DEMO_CLIENT_SECRET,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
} from './support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the API surface', () => {
  it('answers /public/alive to GET and HEAD', async () => {
    const get = await t.call('GET', '/public/alive');
    expect([get.status, get.code]).toEqual([200, 1]);
    const head = await t.app.inject({ method: 'HEAD', url: '/msbapi/public/alive' });
    expect(head.statusCode).toBe(200);
  });

  it('publishes an OpenAPI document with the routes and a browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/msbapi/openapi.json' });
    const spec = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/public/token', '/v1/users/invite', '/v1/groups/{groupId}/users']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/msbapi/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const ui = await t.app.inject({ method: 'GET', url: '/msbapi/docs/' });
    expect(ui.body).toMatch(/swagger/i);
  });

  it('gives every answer a request id, and keeps the one the caller sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/msbapi/public/alive',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    const fresh = await t.app.inject({ method: 'GET', url: '/msbapi/public/alive' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with 404 and a code and message', async () => {
    const res = await t.call('GET', '/v9/nothing');
    expect(res.status).toBe(404);
    expect(res.code).toBe(Code.GENERIC_ERROR);
    expect(res.message).toMatch(/No route/);
  });

  it('answers invalid input with -6 and says what is wrong', async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'not-an-email', firstName: 'A', lastName: 'B' },
    });
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(res.message).toMatch(/email/i);
  });

  it('public configuration lists the languages and the announcement', async () => {
    const res = await t.call<{ languages: string[]; allowSignup: boolean }>('GET', '/public/configuration');
    expect(res.data.languages).toEqual(['en', 'hi', 'fr']);
    expect(res.data.allowSignup).toBe(true);
  });

  it('tenant configuration carries the session length and feature flags', async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.call<{ session: { uistokenexpiresin: number }; features: { compare: boolean } }>(
      'GET',
      '/v1/configuration',
      {
        token: admin.token,
      },
    );
    expect(res.data.session.uistokenexpiresin).toBe(900);
    expect(res.data.features.compare).toBe(true);
    const policy = await t.call<{ minLength: number }>('GET', '/public/passwordpolicy', {
      query: { tenantId: admin.tenantId ?? '' },
    });
    expect(policy.data.minLength).toBe(8);
  });

  it('tells whether an email has an account', async () => {
    const known = await t.call<{ exists: boolean; type: string }>('GET', '/public/usertype', {
      query: { email: 'signer1@demo.test' },
    });
    const unknown = await t.call<{ exists: boolean }>('GET', '/public/usertype', {
      query: { email: 'who@demo.test' },
    });
    expect([known.data.exists, known.data.type, unknown.data.exists]).toEqual([true, 'internal', false]);
  });
});

describe('the request language (Accept-Language)', () => {
  // The loopback SMTP server keeps blanks between the encoded words of a long subject, so
  // subjects are compared without blanks.
  const words = (subject: string) => subject.replace(/\s+/g, '');

  it('sends a password-reset mail asked for with Accept-Language: hi-IN in Hindi', async () => {
    const res = await t.call('POST', '/public/users/forgotPassword', {
      body: { email: 'signer2@demo.test' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(res.code).toBe(1);
    const mail = await t.mail.next('signer2@demo.test');
    expect(words(mail.subject)).toBe(words('अपना Signet पासवर्ड रीसेट करें'));
    expect(mail.text).toContain('यहाँ नया पासवर्ड चुनें:');
    expect(linkIn(mail)).toMatch(/^http:\/\/signet\.test\/resetpassword\?token=/);
  });

  it('takes the supported language the caller weighs highest, and English when it names none', async () => {
    const ask = async (language: string) => {
      const res = await t.call('POST', '/public/users/forgotPassword', {
        body: { email: 'custodian@demo.test' },
        headers: { 'accept-language': language },
      });
      expect(res.code).toBe(1);
      return words((await t.mail.next('custodian@demo.test')).subject);
    };
    expect(await ask('de-DE,de;q=0.9,hi;q=0.3,fr-CA;q=0.7')).toBe(
      words('Réinitialisez votre mot de passe Signet'),
    );
    expect(await ask('fr;q=0, de, ja')).toBe(words('Reset your Signet password'));
  });

  it("writes an invitation to a new person in the inviting admin's language, which their account keeps", async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      headers: { 'accept-language': 'fr' },
      body: { email: 'nouvelle@demo.test', firstName: 'Nina', lastName: 'Nouvelle' },
    });
    expect(res.code).toBe(1);
    const mail = await t.mail.next('nouvelle@demo.test');
    expect(words(mail.subject)).toBe(words('Vous êtes invité à rejoindre Demo sur Signet'));
    expect(mail.text).toContain('Définissez votre mot de passe pour commencer :');
    // The account's own setting (the inviting tenant sees no preference before acceptance).
    expect((await findUserByEmail(t.deps.db.system, 'nouvelle@demo.test'))?.locale).toBe('fr');
  });

  it("writes a new tenant's owner in the super admin's language; someone with a password in their own", async () => {
    const sa = await t.signIn('superadmin@demo.test');
    const createInHindi = async (tenantName: string, adminEmail: string) => {
      const res = await t.call('POST', '/v2/tenants', {
        token: sa.token,
        headers: { 'accept-language': 'hi' },
        body: { tenantName, adminEmail, adminFirstName: 'Ira', adminLastName: 'Owner' },
      });
      expect(res.code).toBe(1);
    };
    await createInHindi('Initech', 'owner@initech.test');
    const invitation = await t.mail.next('owner@initech.test');
    expect(words(invitation.subject)).toBe(words('Signet पर Initech में आपको आमंत्रित किया गया है'));
    expect(invitation.text).toContain('शुरू करने के लिए अपना पासवर्ड सेट करें:');
    expect((await findUserByEmail(t.deps.db.system, 'owner@initech.test'))?.locale).toBe('hi');

    // signer1 has a password and the profile locale en: the Hindi request does not change that.
    await createInHindi('Hooli', 'signer1@demo.test');
    const added = await t.mail.next('signer1@demo.test', /Hooli/);
    expect(words(added.subject)).toBe(words('You are invited to join Hooli on Signet'));
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  /** Status and code of four calls in a row. */
  async function fourTimes(call: () => Promise<ApiResponse>): Promise<string[]> {
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call();
      answers.push(`${res.status} ${res.code}`);
    }
    return answers;
  }

  it('limits the token endpoint per address and answers 429', async () => {
    const answers = await fourTimes(() =>
      limited.call('POST', '/v1/authenticate', { form: { username: 'x@y.test', password: 'Nope-nope-1' } }),
    );
    expect(answers).toEqual(['400 -16', '400 -16', '400 -16', `429 ${Code.GENERIC_ERROR}`]);
    expect((await limited.call('GET', '/public/alive')).status).toBe(200);
  });

  it('limits asking for and checking one-time codes and answers 429', async () => {
    const generate = await fourTimes(() =>
      limited.call('POST', '/v2/authentication/otp/generate', { body: { otpToken: 'a.b.c' } }),
    );
    const verify = await fourTimes(() =>
      limited.call('POST', '/v2/authentication/otp/verify', {
        body: { otpId: '00000000-0000-4000-8000-000000000001', otp: '123456' },
      }),
    );
    const forged = `401 ${Code.INVALID_TOKEN}`;
    expect(generate).toEqual([forged, forged, forged, `429 ${Code.GENERIC_ERROR}`]);
    const unknownId = `400 ${Code.INVALID_OTP_ID}`;
    expect(verify).toEqual([unknownId, unknownId, unknownId, `429 ${Code.GENERIC_ERROR}`]);
  });

  it('limits forgotten-password requests and answers 429, whether or not the email has an account', async () => {
    const answers = await fourTimes(() =>
      limited.call('POST', '/public/users/forgotPassword', { body: { email: 'nobody@demo.test' } }),
    );
    expect(answers).toEqual(['200 1', '200 1', '200 1', `429 ${Code.GENERIC_ERROR}`]);
  });
});

describe('the start-up banner', () => {
  it('does not print the demo client secret when SIGNET_CLIENT_SECRET replaces it', async () => {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    let configured: TestServer;
    try {
      configured = await startTestServer({ SIGNET_CLIENT_SECRET: 'configured-secret-1' });
    } finally {
      write.mockRestore();
    }
    try {
      const banner = printed.join('');
      expect(banner).toContain(
        'OAuth client for /msbapi/public/token: signet-web / (the secret set in SIGNET_CLIENT_SECRET)',
      );
      expect(banner).not.toContain(DEMO_CLIENT_SECRET);
      const grant = (secret: string) =>
        configured.call('POST', '/public/token', {
          form: {
            client_id: 'signet-web',
            client_secret: secret,
            grant_type: 'password',
            username: 'admin@demo.test',
            password: DEMO_PASSWORD,
          },
        });
      expect([(await grant('configured-secret-1')).code, (await grant(DEMO_CLIENT_SECRET)).code]).toEqual([
        1,
        Code.NOT_AUTHORIZED,
      ]);
    } finally {
      await configured.close();
    }
  });
});
