import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createServer } from '../src/server.ts';
import { composeAndSend } from './support/epak-helpers.ts';
import { linkIn } from './support/mail-catcher.ts';
import { createTestDatabase } from './support/test-database.ts';
import {
  DEMO_CLIENT_SECRET,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
} from './support/test-server.ts';

/** A logger whose lines the test reads: what an operator's log file would hold. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join('') };
}

let t: TestServer;
let log: ReturnType<typeof capturingLogger>;
beforeAll(async () => {
  log = capturingLogger();
  t = await startTestServer({}, { logger: log.logger });
});
afterAll(() => t.close());

/** The outbox rows to an address once the mailer has finished what it was doing. */
async function outboxAfterDelivery(to: string) {
  await t.deps.mailer.deliver();
  return t.db.system.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function expectNothingKept(to: string, secret: string): Promise<void> {
  const rows = await outboxAfterDelivery(to);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secretsSealed).toBeNull();
  }
  expect(log.text()).not.toContain(secret);
}

const param = (link: string, name: string) => new URL(link).searchParams.get(name) ?? '';

describe('secrets in the mail outbox', () => {
  it('a delivered reset mail leaves its token neither in the outbox nor in the log', async () => {
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'signer1@demo.test' } });
    const token = param(linkIn(await t.mail.next('signer1@demo.test', /Reset/)), 'token');
    expect(token.length).toBeGreaterThan(20);
    await expectNothingKept('signer1@demo.test', token);
  });

  it('a delivered invitation leaves its token neither in the outbox nor in the log', async () => {
    const admin = await t.signIn('admin@demo.test');
    const invited = await t.call('POST', '/v1/users/invite', {
      token: admin.token,
      body: { email: 'newcomer@demo.test', firstName: 'New', lastName: 'Comer', role: 'signer' },
    });
    expect(invited.code).toBe(1);
    const token = param(linkIn(await t.mail.next('newcomer@demo.test', /invited/)), 'token');
    expect(token.length).toBeGreaterThan(20);
    await expectNothingKept('newcomer@demo.test', token);
  });

  it('a delivered easy-sign request leaves its link token neither in the outbox nor in the log', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer2@demo.test'] }], {
      subject: 'Sealed link',
    });
    const token = param(linkIn(await t.mail.next('signer2@demo.test', /Sealed link/)), 'easytoken');
    expect(token.length).toBeGreaterThan(20);
    await expectNothingKept('signer2@demo.test', token);
  });

  it('a delivered one-time code is neither in the outbox nor in the log', async () => {
    const admin = await t.signIn('admin@other.test');
    expect(
      (await t.call('PUT', '/v1/configuration', { token: admin.token, body: { twoFactor: true } })).code,
    ).toBe(1);
    const challenge = await t.call('POST', '/v1/authenticate', {
      form: { username: 'admin@other.test', password: DEMO_PASSWORD },
    });
    expect(challenge.code).toBe(Code.TWO_FACTOR_REQUIRED);
    const mail = await t.mail.next('admin@other.test', /code/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await expectNothingKept('admin@other.test', code);
  });

  it('a refused delivery keeps its link sealed, and the retry sends a link that works', async () => {
    // Two refusals: the delivery right after the commit and this test's own may both be refused.
    t.mail.refuseNext('registrar@demo.test', 2);
    await t.call('POST', '/public/users/forgotPassword', { body: { email: 'registrar@demo.test' } });
    const [waiting] = await outboxAfterDelivery('registrar@demo.test');
    expect(waiting?.status).toBe('pending');
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting?.text).not.toMatch(/token=/);
    expect(waiting?.secretsSealed).toBeTruthy();

    t.mail.refuseNext('registrar@demo.test', 0);
    expect(await t.deps.mailer.deliver()).toBeGreaterThanOrEqual(1);
    const token = param(linkIn(await t.mail.next('registrar@demo.test', /Reset/)), 'token');
    await expectNothingKept('registrar@demo.test', token);
    const set = await t.call('POST', '/public/users/password', {
      body: { token, newPassword: 'Fresh-pass-2', confirmPassword: 'Fresh-pass-2' },
    });
    expect(set.code).toBe(1);
  });
});

describe('secrets in the request log', () => {
  it('GET /public/access_token leaves the password and client secret out of the log', async () => {
    const res = await t.call('GET', '/public/access_token', {
      query: {
        grant_type: 'password',
        client_id: t.deps.settings.clientId,
        client_secret: DEMO_CLIENT_SECRET,
        username: 'submitter@demo.test',
        password: DEMO_PASSWORD,
      },
    });
    expect(res.code).toBe(1);
    const text = log.text();
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain(DEMO_CLIENT_SECRET);
    expect(text).toContain('/msbapi/public/access_token?grant_type=[redacted]');
  });

  it('easy-sign tokens in an /exchange path, reset tokens and bearer tokens stay out of the log', async () => {
    const pathToken = 'PathToken0123456789abcdefghijklmnop';
    const queryToken = 'QueryToken0123456789abcdefghijklmn';
    const session = await t.signIn('submitter@demo.test');
    await t.call('GET', `/v2/epaks/${pathToken}/exchange`, { query: { code: '424242' } });
    await t.call('POST', `/public/users/password?token=${queryToken}`, { body: {} });
    await t.call('GET', '/v1/users/valid', { headers: { authorization: `Bearer ${session.token}` } });
    await t.call('GET', '/v1/users/valid', { token: session.token });
    const text = log.text();
    for (const secret of [pathToken, queryToken, '424242', session.token]) expect(text).not.toContain(secret);
    expect(text).toContain('/msbapi/v2/epaks/[redacted]/exchange?code=[redacted]');
  });
});

describe('mail without SMTP', () => {
  it('keeps the message in the outbox without its secrets, and logs only the kind and a masked address', async () => {
    const db = await createTestDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-nosmtp-'));
    const kept = capturingLogger();
    const server = await createServer({
      config: { ...loadConfig({ SIGNET_DEMO: '1', DATA_DIR: dataDir }), webDistDir: '/nonexistent' },
      db,
      logger: kept.logger,
    });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/msbapi/public/users/forgotPassword',
        payload: { email: 'signer1@demo.test' },
      });
      expect(res.json()).toMatchObject({ code: 1 });
      await server.deps.mailer.deliver();
      const [row] = await db.system.select().from(mailOutbox).where(eq(mailOutbox.to, 'signer1@demo.test'));
      expect(JSON.stringify(row)).not.toMatch(/token=/);
      expect(kept.text()).not.toMatch(/token=|Reset your Signet password/);
      expect(row).toMatchObject({
        status: 'kept',
        subject: 'Reset your Signet password',
        secretsSealed: null,
      });
      expect(kept.text()).toContain('mail not sent (no SMTP configured): reset to si*****@demo.test');
    } finally {
      await server.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
