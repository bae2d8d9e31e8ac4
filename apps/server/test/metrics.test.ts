import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, startJobs } from '../src/jobs/job-runner.ts';
import { composeAndSend } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** The value of one sample of the exposition text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestServer, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers });
}

describe('GET /metrics from loopback', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    // pg-boss's queues, as a server with jobs makes them; stopped at once so nothing runs them
    // while the test counts what waits in them.
    const jobs = await startJobs(t.db, t.deps, pino({ level: 'silent' }));
    await jobs.stop();
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and status class, with their latency', async () => {
    for (let i = 0; i < 3; i++) await t.call('GET', '/public/alive');
    const tenant = randomUUID();
    await t.call('GET', `/public/branding/${tenant}/logo`);
    await t.call('GET', '/v9/no-such-route');
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const alive = { method: 'GET', route: '/msbapi/public/alive', status_class: '2xx' };
    expect(sample(text, 'signet_http_request_duration_seconds_count', alive)).toBe(3);
    const sum = sample(text, 'signet_http_request_duration_seconds_sum', alive) ?? -1;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    // Every call lies in the +Inf bucket; the buckets only grow.
    expect(sample(text, 'signet_http_request_duration_seconds_bucket', { ...alive, le: '+Inf' })).toBe(3);
    expect(
      sample(text, 'signet_http_request_duration_seconds_bucket', { ...alive, le: '0.005' }) ?? 0,
    ).toBeLessThanOrEqual(
      sample(text, 'signet_http_request_duration_seconds_bucket', { ...alive, le: '1' }) ?? 0,
    );
    // The pattern, never the URL with its id; what no route matches shares one label.
    expect(
      sample(text, 'signet_http_request_duration_seconds_count', {
        route: '/msbapi/public/branding/:tenantId/logo',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(text).not.toContain(tenant);
    expect(
      sample(text, 'signet_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(1);
    expect(text).not.toContain('no-such-route');
  });

  it('shows the depth and the failed jobs of every job queue', async () => {
    const before = await scrape(t);
    for (const queue of Object.keys(JOBS)) {
      expect(sample(before.body, 'signet_job_queue_depth', { queue })).toBeGreaterThanOrEqual(0);
      expect(sample(before.body, 'signet_job_failed', { queue })).toBeGreaterThanOrEqual(0);
    }
    const depth = sample(before.body, 'signet_job_queue_depth', { queue: 'signet-mail' }) ?? -1;
    const failed = sample(before.body, 'signet_job_failed', { queue: 'signet-mail' }) ?? -1;
    await t.db.raw.query(
      `insert into pgboss.job (name, data, state) values ('signet-mail', '{}', 'created'), ('signet-mail', '{}', 'created'), ('signet-mail', '{}', 'failed')`,
    );
    // A retry whose delay is still running is not waiting yet.
    await t.db.raw.query(
      `insert into pgboss.job (name, data, state, start_after) values ('signet-mail', '{}', 'retry', now() + interval '1 hour')`,
    );
    const after = (await scrape(t)).body;
    expect(sample(after, 'signet_job_queue_depth', { queue: 'signet-mail' })).toBe(depth + 2);
    // pg-boss's own queues are its business.
    expect(after).not.toContain('__pgboss__');
    expect(sample(after, 'signet_job_failed', { queue: 'signet-mail' })).toBe(failed + 1);
  });

  it('shows the seals owed and the mail waiting in the outbox', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const { epakId } = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'] },
    ]);
    // The mail the ePak sent goes out first.
    await t.deps.mailer.deliver();
    const before = (await scrape(t)).body;
    const seals = sample(before, 'signet_seals_owed') ?? -1;
    const mail = sample(before, 'signet_mail_outbox_depth') ?? -1;
    expect(seals).toBeGreaterThanOrEqual(0);
    expect(mail).toBe(0);
    // Owed a seal, with its retry far ahead so no sealing run takes it meanwhile.
    await t.db.raw.query(
      `update epaks set seal_requested_at = now(), sealed_at = null, seal_retry_at = now() + interval '1 day' where id = $1`,
      [epakId],
    );
    // Waiting mail, written as a use case queues it (nothing kicks the mailer for it here).
    await t.db.raw.query(
      `insert into mail_outbox (tenant_id, "to", subject, text) values (null, 'ops@metrics.test', 'Waiting', 'Waiting')`,
    );
    const after = (await scrape(t)).body;
    expect(sample(after, 'signet_seals_owed')).toBe(seals + 1);
    expect(sample(after, 'signet_mail_outbox_depth')).toBe(mail + 1);
  });

  it("shows the database pool's connections on PostgreSQL, and none on PGlite", async () => {
    const text = (await scrape(t)).body;
    const inUse = sample(text, 'signet_db_pool_connections', { state: 'in_use' });
    const idle = sample(text, 'signet_db_pool_connections', { state: 'idle' });
    const waiting = sample(text, 'signet_db_pool_connections', { state: 'waiting' });
    if (t.db.kind === 'postgres') {
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(waiting).toBeGreaterThanOrEqual(0);
      // The requests before left open connections in the pool (at most its size, 4 in the tests).
      expect((idle ?? 0) + (inUse ?? 0)).toBeGreaterThanOrEqual(1);
      expect((idle ?? 0) + (inUse ?? 0)).toBeLessThanOrEqual(4);
    } else {
      expect([inUse, idle, waiting]).toEqual([undefined, undefined, undefined]);
    }
  });

  it("includes Node's default process metrics", async () => {
    const text = (await scrape(t)).body;
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('refuses a caller from another machine, and one that came through a proxy, without a token', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('signet_');
    const proxied = await scrape(t, { 'x-forwarded-for': '203.0.113.7' });
    expect(proxied.statusCode).toBe(403);
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/msbapi/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestServer;
  const token = 'scrape-secret-0123456789';
  beforeAll(async () => {
    t = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it('answers only a caller sending the token as a bearer token, wherever it calls from', async () => {
    const none = await scrape(t);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(t, { authorization: 'Bearer wrong-token' })).statusCode).toBe(401);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(sample(remote.body, 'signet_seals_owed')).toBeGreaterThanOrEqual(0);
  });
});
