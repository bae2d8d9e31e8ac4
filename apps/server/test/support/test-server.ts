import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxPool } from '@signet/pdf';
import type { InjectOptions } from 'fastify';
import type { Logger } from 'pino';
import type { HostResolver } from '../../src/adapters/http/safe-http.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { DEMO_CLIENT_SECRET, DEMO_PASSWORD } from '../../src/demo/seed-demo.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { createServer } from '../../src/server.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { createTestDatabase } from './test-database.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(seconds: number): void {
    this.t += seconds * 1000;
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  code: number;
  data: T;
  message?: string;
  headers: Record<string, unknown>;
  raw: string;
}

export interface CallOptions {
  token?: string | undefined;
  tenant?: string | undefined;
  body?: unknown;
  form?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Session {
  token: string;
  refreshToken: string;
  userId: string;
  tenantId: string | null;
}

export { DEMO_CLIENT_SECRET, DEMO_PASSWORD };

/**
 * A whole server on its own database, with a real SMTP server on loopback and a hand-driven
 * clock. Requests go through Fastify's full stack (`inject`), as over the network.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** A logger to read what the server logs (the log tests); silent otherwise. */
  options: { logger?: Logger; resolveHost?: HostResolver; sandbox?: SandboxPool; webDistDir?: string } = {},
) {
  const db: Database & { url?: string } = await createTestDatabase();
  const mail: MailCatcher = await startMailCatcher();
  const clock = new TestClock();
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-test-'));
  const config = {
    ...loadConfig({
      SIGNET_DEMO: '1',
      AUTH_RATE_LIMIT: '10000',
      // Suites run the jobs' work themselves, on their own clock; the job test turns them on.
      SIGNET_JOBS: '0',
      APP_URL: 'http://signet.test',
      DATA_DIR: dataDir,
      ...env,
    }),
    smtpUrl: mail.url,
    webDistDir: options.webDistDir ?? '/nonexistent',
  };
  const server = await createServer({
    config,
    db,
    clock,
    logger: options.logger ?? false,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    // A PDF sandbox pool with a test seam (the fairness test); the caller closes it.
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
  await server.app.ready();

  async function call<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    o: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.access_token = o.token;
    if (o.tenant) headers.tenant_id = o.tenant;
    const res = await server.app.inject({
      method,
      url: `/msbapi${url}`,
      headers,
      query: o.query,
      ...(o.form
        ? {
            payload: new URLSearchParams(o.form).toString(),
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
      ...(o.body !== undefined ? { payload: o.body as InjectOptions['payload'] } : {}),
    });
    let parsed: { code?: number; data?: T; message?: string } = {};
    try {
      parsed = res.json();
    } catch {
      // not JSON (a file): leave code undefined
    }
    return {
      status: res.statusCode,
      code: parsed.code ?? Number.NaN,
      data: parsed.data as T,
      message: parsed.message,
      headers: res.headers,
      raw: res.body,
    };
  }

  async function signIn(email: string, password = DEMO_PASSWORD, tenant?: string): Promise<Session> {
    const res = await call<{
      access_token: string;
      refresh_token: string;
      user: { id: string };
      defaultTenantId: string | null;
    }>('POST', '/v1/authenticate', { form: { username: email, password }, tenant });
    if (res.code !== 1) throw new Error(`sign-in of ${email} failed: ${res.code} ${res.message}`);
    return {
      token: res.data.access_token,
      refreshToken: res.data.refresh_token,
      userId: res.data.user.id,
      tenantId: res.data.defaultTenantId,
    };
  }

  return {
    dataDir,
    app: server.app,
    deps: server.deps,
    jobs: server.jobs,
    db,
    mail,
    clock,
    call,
    signIn,
    async close() {
      await server.close();
      await mail.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
