import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createServer } from '../src/server.ts';
import { createTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

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
      expect.arrayContaining([
        '/msbapi/public/token',
        '/msbapi/v1/users/invite',
        '/msbapi/v1/groups/{groupId}/users',
      ]),
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

describe('rate limits', () => {
  it('limits the token endpoint per address and answers 429', async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await limited.call('POST', '/v1/authenticate', {
              form: { username: 'x@y.test', password: 'Nope-nope-1' },
            })
          ).status,
        );
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      expect((await limited.call('GET', '/public/alive')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('keeps messages in the outbox so a local installation shows what would have been sent', async () => {
    const db = await createTestDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'signet-nosmtp-'));
    const server = await createServer({
      config: { ...loadConfig({ SIGNET_DEMO: '1', DATA_DIR: dataDir }), webDistDir: '/nonexistent' },
      db,
      logger: false,
    });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/msbapi/public/users/forgotPassword',
        payload: { email: 'signer1@demo.test' },
      });
      expect(res.json()).toMatchObject({ code: 1 });
      await server.deps.mailer.deliver();
      const kept = await db.system
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = 'signer1@demo.test'`);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ status: 'kept', subject: 'Reset your Signet password' });
      expect(String(kept[0]?.meta.link)).toMatch(/\/resetpassword\?token=/);
    } finally {
      await server.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
