import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { type MailCatcher, startMailCatcher } from '../../support/mail-catcher.ts';
import { startS3Server } from '../../support/s3-server.ts';
import { DEMO_PASSWORD } from '../../support/test-server.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';

const serverDir = resolve(import.meta.dirname, '../../..');
/** How long a process may take to answer `alive` (a busy CI machine runs other suites meanwhile). */
const START_TIMEOUT_MS = 120_000;

/** The PostgreSQL whose server the fleet gets a database of its own on; without it the suite skips. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Resolves with whether something answers on a TCP address (the machine's Redis). */
export function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000, () => {
      socket.destroy();
      done(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Polls `check` until it gives a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let pause = 20;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, 500);
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  code: number;
  data: T;
  message?: string;
  headers: Headers;
  bytes: Uint8Array;
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

/**
 * A client of one address (a process, or the proxy in front of both) over real HTTP, with the
 * same `call` as the in-process test server, so the suites' helpers work with it. `from` is the
 * client address the processes see (X-Forwarded-For, as they trust their proxy).
 */
export function httpClient(baseUrl: string, from: string) {
  async function call<T = unknown>(
    method: string,
    url: string,
    o: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': from, ...o.headers };
    if (o.token) headers.access_token = o.token;
    if (o.tenant) headers.tenant_id = o.tenant;
    let body: string | Uint8Array | undefined;
    if (o.form) {
      body = new URLSearchParams(o.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (o.body instanceof Uint8Array) {
      body = o.body;
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const query = o.query ? `?${new URLSearchParams(o.query)}` : '';
    const res = await fetch(`${baseUrl}/msbapi${url}${query}`, { method, headers, body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let parsed: { code?: number; data?: T; message?: string } = {};
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      // not JSON (a file)
    }
    return {
      status: res.status,
      code: parsed.code ?? Number.NaN,
      data: parsed.data as T,
      ...(parsed.message !== undefined ? { message: parsed.message } : {}),
      headers: res.headers,
      bytes,
    };
  }

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<Session> {
    const res = await call<{
      access_token: string;
      refresh_token: string;
      user: { id: string };
      defaultTenantId: string | null;
    }>('POST', '/v1/authenticate', { form: { username: email, password } });
    if (res.code !== 1)
      throw new Error(`sign-in of ${email} failed: ${res.status} ${res.code} ${res.message}`);
    return {
      token: res.data.access_token,
      refreshToken: res.data.refresh_token,
      userId: res.data.user.id,
      tenantId: res.data.defaultTenantId,
    };
  }

  /** A browser-like notification socket that keeps every message it receives. */
  async function socket(s: { token: string; tenantId: string | null }) {
    const query = new URLSearchParams({
      access_token: s.token,
      ...(s.tenantId ? { tenant_id: s.tenantId } : {}),
    });
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/msbapi/notifications?${query}`);
    const messages: { type: string; notification?: { epak: { id: string; subject: string } } }[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      for (const w of waiters.splice(0)) w();
    });
    ws.on('close', () => {
      for (const w of waiters.splice(0)) w();
    });
    async function next(match: (m: (typeof messages)[number]) => boolean, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (ws.readyState === WebSocket.CLOSED) throw new Error('the notification socket closed');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such notification within ${timeoutMs} ms`);
        await new Promise<void>((done) => {
          waiters.push(done);
          setTimeout(done, Math.min(left, 500));
        });
      }
    }
    await new Promise<void>((done, fail) => {
      ws.once('open', () => done());
      ws.once('error', fail);
    });
    return { ws, messages, next, close: () => ws.close() };
  }

  return { url: baseUrl, call, signIn, socket };
}

export type FleetClient = ReturnType<typeof httpClient>;

interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts `node dist/main.js` as `npm start` does, and waits until it answers `alive`. `port` is
 * given when a process is started again in the place of one that died (the soak's faults).
 */
async function startProcess(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `signet-fleet-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INIT_CWD: serverDir,
    },
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => void rm(dataDir, { recursive: true, force: true }));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited with ${child.exitCode}:\n${output}`);
    const alive = await fetch(`http://127.0.0.1:${port}/msbapi/public/alive`).then(
      (r) => r.ok,
      () => false,
    );
    if (alive) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      process.kill(-(child.pid as number), 'SIGKILL');
      throw new Error(`server ${name} did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { name, port, child, output: () => output };
}

async function stopProcess(p: ServerProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  process.kill(-(p.child.pid as number), 'SIGTERM');
  const force = setTimeout(() => process.kill(-(p.child.pid as number), 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(force);
}

/**
 * Two real server processes (A and B) on one fresh PostgreSQL database and one S3 server on
 * loopback, mailing through one SMTP catcher, with Redis for the auth rate limits when the
 * machine's answers, and a round-robin proxy in front.
 */
export async function startFleet(options: {
  authRateLimit: number;
  redisUrl: string | null;
  /** The proxy passes a request refused by a dead backend to the other one (the soak's faults). */
  retryRefused?: boolean;
}) {
  if (!TEST_DATABASE_URL) throw new Error('needs PostgreSQL (TEST_DATABASE_URL)');
  // The compiled server, as `npm start` runs it (the build is quick and overwrites dist/ in place).
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });

  const name = `signet_fleet_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(TEST_DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  const s3 = await startS3Server();
  const mail: MailCatcher = await startMailCatcher();
  const processes: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | null = null;
  let db: pg.Pool | null = null;

  async function close() {
    await proxy?.close();
    await Promise.all(processes.map(stopProcess));
    await db?.end();
    await mail.close();
    await s3.close();
    const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }

  try {
    // What every process of one installation must share (README, "Several processes").
    const shared: Record<string, string> = {
      DATABASE_URL: dbUrl.toString(),
      SIGNET_MASTER_KEY: randomBytes(32).toString('hex'),
      SIGNET_JWT_SECRET: randomBytes(32).toString('hex'),
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_PREFIX: s3.settings.prefix,
      SMTP_URL: mail.url,
      SIGNET_DEMO: '1',
      SIGNET_DEMO_HISTORY: '0',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: String(options.authRateLimit),
      SANDBOX_WORKERS: '1',
      SIGNET_WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: `${name}:` } : {}),
    };
    // One after the other: the first start makes the schema and the demo data the second finds.
    processes.push(await startProcess('A', shared));
    processes.push(await startProcess('B', shared));
    const [a, b] = processes as [ServerProcess, ServerProcess];
    const processOf = (which: 'A' | 'B') => processes.find((p) => p.name === which) as ServerProcess;
    proxy = await startRoundRobinProxy([a.port, b.port], { retryRefused: options.retryRefused ?? false });
    db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
    // An idle connection closed by a PostgreSQL restart (the soak's faults) is replaced on next use.
    db.on('error', () => undefined);
    const pool = db;
    const proxyUrl = proxy.url;
    const servedBy = proxy.served;
    return {
      /** Clients of process A, process B and the proxy, seen as coming from `from`. */
      clients(from: string) {
        return {
          a: httpClient(`http://127.0.0.1:${a.port}`, from),
          b: httpClient(`http://127.0.0.1:${b.port}`, from),
          proxy: httpClient(proxyUrl, from),
        };
      },
      ports: { a: a.port, b: b.port },
      /** The pid of process A or B as it runs now (the soak samples its resident memory). */
      pid: (which: 'A' | 'B') => processOf(which).child.pid as number,
      /** SIGKILLs process A or B (and its sandbox workers) and waits until it is gone. */
      async kill(which: 'A' | 'B') {
        const p = processOf(which);
        if (p.child.exitCode !== null || p.child.signalCode !== null) return;
        const exited = new Promise((r) => p.child.once('exit', r));
        process.kill(-(p.child.pid as number), 'SIGKILL');
        await exited;
      },
      /** Starts process A or B again, on the same port with the same settings, once it answers. */
      async restart(which: 'A' | 'B') {
        const old = processOf(which);
        processes[processes.indexOf(old)] = await startProcess(which, shared, old.port);
      },
      /** The backend port of each request the proxy passed on. */
      servedBy,
      /** The installation's database, to count what the processes did. */
      sql: async <R>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as R[],
      mail,
      /** The two processes' recent output, for failure messages. */
      output: () => processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;
