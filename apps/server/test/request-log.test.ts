import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

interface LogLine {
  reqId?: string;
  tenantId?: string;
  userId?: string;
  msg?: string;
  req?: { url?: string };
}

let t: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestServer(
    {},
    { logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }) },
  );
});
afterAll(() => t.close());

/** The log lines of one request, by its id. */
const linesOf = (reqId: string): LogLine[] =>
  lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.reqId === reqId);

describe('request logs', () => {
  it("carry the caller's request id, and the tenant and user once the request is authenticated", async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.call('GET', '/v1/configuration', {
      token: admin.token,
      headers: { 'x-request-id': 'edge-7f3a.42:retry-1' },
    });
    expect(res.code).toBe(1);
    expect(res.headers['x-request-id']).toBe('edge-7f3a.42:retry-1');
    const logged = linesOf('edge-7f3a.42:retry-1');
    const incoming = logged.find((l) => l.msg === 'incoming request');
    const completed = logged.find((l) => l.msg === 'request completed');
    // Who is calling is not known when the request comes in; it is once the token is read.
    expect(incoming?.userId).toBeUndefined();
    expect(completed).toMatchObject({ userId: admin.userId, tenantId: admin.tenantId });
  });

  it('log a failed authenticated request with its tenant and user too', async () => {
    const signer = await t.signIn('signer1@demo.test');
    // Checking the activity chain is for admins: a signer is refused.
    const res = await t.call('GET', '/v2/activity/verify', {
      token: signer.token,
      headers: { 'x-request-id': 'refused-1' },
    });
    expect(res.code).toBe(-11);
    const logged = linesOf('refused-1');
    expect(logged.find((l) => l.msg === 'request completed')).toMatchObject({
      userId: signer.userId,
      tenantId: signer.tenantId,
    });
  });

  it('leave a public request without tenant or user', async () => {
    await t.call('GET', '/public/alive', { headers: { 'x-request-id': 'public-1' } });
    const completed = linesOf('public-1').find((l) => l.msg === 'request completed');
    expect(completed).toBeDefined();
    expect(completed?.userId).toBeUndefined();
    expect(completed?.tenantId).toBeUndefined();
  });

  it('replace a request id that is too long or has unsafe characters with a new one', async () => {
    for (const sent of ['x'.repeat(129), 'two words', 'quote"d', 'tab\tid', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/msbapi/public/alive',
        headers: { 'x-request-id': sent },
      });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(lines.join('')).not.toContain('two words');
    const longest = 'y'.repeat(128);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/msbapi/public/alive',
      headers: { 'x-request-id': longest },
    });
    expect(kept.headers['x-request-id']).toBe(longest);
  });

  it('still redact query values and tokens while they carry the new fields', async () => {
    const admin = await t.signIn('admin@demo.test');
    await t.call('GET', '/public/usertype', {
      token: admin.token,
      query: { email: 'secret-person@demo.test' },
      headers: { 'x-request-id': 'redacted-1' },
    });
    const text = linesOf('redacted-1')
      .map((l) => JSON.stringify(l))
      .join('\n');
    expect(text).toContain('email=[redacted]');
    expect(text).not.toContain('secret-person');
    expect(lines.join('')).not.toContain(admin.token);
  });
});
