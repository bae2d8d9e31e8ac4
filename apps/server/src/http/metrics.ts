import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Deps } from '../domain/deps.ts';
import { type OperationalCounts, operationalCounts } from '../domain/operations/operational-counts.ts';

export const METRICS_PATH = '/metrics';

/** Request durations, in seconds: API calls are milliseconds; signing and PDF work can take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/**
 * Who may read `/metrics`. With `METRICS_TOKEN` set: a caller sending it as `Authorization:
 * Bearer`, from anywhere, and no one else. Without it: only a caller on this machine — the socket's
 * address is loopback and the request carries no forwarding header, so a reverse proxy on the same
 * host does not hand the metrics to the world.
 */
export function metricsAccess(request: FastifyRequest, token: string | null): 'ok' | 401 | 403 {
  if (token) {
    const auth = request.headers.authorization;
    const sent = auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : '';
    return sent && timingSafeEqual(sha256(sent), sha256(token)) ? 'ok' : 401;
  }
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => h in request.headers);
  return isLoopback(request.socket.remoteAddress) && !forwarded ? 'ok' : 403;
}

/**
 * Prometheus metrics in a registry of this app's own: request rate and latency by route pattern
 * and status class, the job queues, seals owed, the mail outbox, the database pool and Node's
 * default process metrics. The backlog gauges are read when scraped (their `collect`), by one
 * shared set of queries per scrape, never on a timer.
 */
export function installMetrics(
  app: FastifyInstance,
  deps: Deps,
  options: { token: string | null },
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'signet_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (not the raw URL) and status class, with their duration',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The pattern (`/msbapi/v2/epaks/:ePakId`); requests no route matched share one label.
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  // The gauges of one scrape share one read: the first collect starts it, the others join it.
  let reading: Promise<OperationalCounts> | null = null;
  const counts = () => {
    reading ??= operationalCounts(deps).finally(() => {
      reading = null;
    });
    return reading;
  };

  new Gauge({
    name: 'signet_job_queue_depth',
    help: 'Jobs waiting to run per pg-boss queue (created, or waiting for a retry)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, c] of (await counts()).queues ?? []) this.set({ queue }, c.waiting);
    },
  });
  new Gauge({
    name: 'signet_job_failed',
    help: 'Jobs that failed for good per pg-boss queue, until pg-boss archives them (12 hours)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, c] of (await counts()).queues ?? []) this.set({ queue }, c.failed);
    },
  });
  new Gauge({
    name: 'signet_seals_owed',
    help: 'Completed ePaks still owed their seal',
    registers: [registry],
    async collect() {
      this.reset();
      const n = (await counts()).sealsOwed;
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'signet_mail_outbox_depth',
    help: 'Mail waiting in the outbox to be delivered',
    registers: [registry],
    async collect() {
      this.reset();
      const n = (await counts()).mailOutbox;
      if (n !== null) this.set(n);
    },
  });
  new Gauge({
    name: 'signet_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: in use, idle, and callers waiting for one (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = deps.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const access = metricsAccess(request, options.token);
    if (access === 401) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send('The metrics need Authorization: Bearer <METRICS_TOKEN>\n');
    }
    if (access === 403) {
      return reply
        .status(403)
        .type('text/plain')
        .send('The metrics are served on loopback only; set METRICS_TOKEN to scrape them from elsewhere\n');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
  return registry;
}
