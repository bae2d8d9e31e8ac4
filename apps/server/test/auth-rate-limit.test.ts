import { connect } from 'node:net';
import { Code } from '@signet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAuthAction } from '../src/http/auth-rate-limit.ts';
import { apiRoutes } from '../src/http/routes/index.ts';
import { DEMO_CLIENT_SECRET, startTestServer, type TestServer } from './support/test-server.ts';

/** Issue 17: auth limits count the operation, whichever alias or prefix is called. */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

type Server = TestServer;
const grant = { client_id: 'signet-web', client_secret: DEMO_CLIENT_SECRET, grant_type: 'password' };

/** One password guess through one of the token aliases under one of the API prefixes. */
function guess(server: Server, i: number, from = '192.0.2.10') {
  const prefix = ['/msbapi', '/mysignaturebook/msbapi', '/signdrive/msbapi'][i % 3];
  const credentials = { username: `guess${i}@demo.test`, password: 'Wrong-pass-1' };
  const request: InjectOptions = [
    { method: 'POST', url: `${prefix}/public/token`, payload: { ...grant, ...credentials } },
    { method: 'GET', url: `${prefix}/public/access_token`, query: { ...grant, ...credentials } },
    { method: 'POST', url: `${prefix}/v1/authenticate`, payload: credentials },
  ][i % 3] as InjectOptions;
  return server.app.inject({ ...request, remoteAddress: from } as InjectOptions);
}

describe('auth rate limits in one process', () => {
  let t: Server;
  beforeAll(async () => {
    t = await startTestServer({ AUTH_RATE_LIMIT: '30' });
  });
  afterAll(() => t.close());

  it('refuses the 31st password guess from one address in a minute, spread over every alias and prefix', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guess(t, i)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const last = await guess(t, 31);
    expect([last.statusCode, (last.json() as { code: number }).code]).toEqual([429, Code.GENERIC_ERROR]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted on its own.
    expect((await guess(t, 0, '192.0.2.11')).statusCode).toBe(400);
  });

  it('refuses requests about one account from many addresses past four times the per-address limit', async () => {
    const forgot = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/msbapi/public/users/forgotPassword',
        payload: { email: 'target@demo.test' },
        remoteAddress: from,
      } as InjectOptions);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await forgot(`198.18.${i >> 8}.${i & 255}`)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await forgot('198.18.1.1')).statusCode).toBe(429);
  });

  it('knows the action of every rate-limited route', () => {
    const limited = apiRoutes.filter((r) => r.rateLimited);
    expect(limited.length).toBeGreaterThan(10);
    expect(limited.map((r) => r.url).filter((url) => !hasAuthAction(url))).toEqual([]);
  });
});

describe.skipIf(!redisReachable)(
  'auth limits shared through Redis (skipped when Redis not reachable)',
  () => {
    let a: Server;
    let b: Server;
    beforeAll(async () => {
      // Its own key prefix, so another run within the minute counts apart.
      const env = { AUTH_RATE_LIMIT: '30', REDIS_URL, REDIS_PREFIX: `signet-test:${crypto.randomUUID()}:` };
      a = await startTestServer(env);
      b = await startTestServer(env);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('counts guesses made to two processes together', async () => {
      for (let i = 0; i < 15; i++) expect((await guess(a, i, '192.0.2.20')).statusCode).toBe(400);
      for (let i = 15; i < 30; i++) expect((await guess(b, i, '192.0.2.20')).statusCode).toBe(400);
      expect((await guess(a, 30, '192.0.2.20')).statusCode).toBe(429);
      expect((await guess(b, 31, '192.0.2.20')).statusCode).toBe(429);
    });

    it('delays an address on an account in every process once it failed in one', async () => {
      const signIn = (server: Server, password: string) =>
        server.app.inject({
          method: 'POST',
          url: '/msbapi/v1/authenticate',
          payload: { username: 'signer2@demo.test', password },
          remoteAddress: '192.0.2.30',
        } as InjectOptions);
      // Both processes at one time: within the 1 s delay the right password is refused on b too.
      b.clock.advance((a.clock.now().getTime() - b.clock.now().getTime()) / 1000);
      for (let i = 0; i < 5; i++) await signIn(a, 'Wrong-pass-1');
      const there = await signIn(b, 'Signet-demo-1');
      expect((there.json() as { code: number }).code).toBe(Code.INVALID_PASSWORD);
    });
  },
);
