import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/demo/seed-demo.ts';

/** A fresh, empty PostgreSQL database for one benchmark run (dropped first when it exists). */
export async function freshDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * The server as its own process, as in production, so the benchmark's client does not share its
 * event loop; answers once `/public/alive` does.
 */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      SIGNET_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    // With a log file the server's output goes there (a bench that prints a table of its own).
    stdio: options.logFile ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (options.logFile) {
    const out = createWriteStream(options.logFile);
    server.stdout?.pipe(out);
    server.stderr?.pipe(out);
  }
  // Up to 3 minutes: a first start on the embedded database of a busy 2-core machine is slow.
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited with ${server.exitCode ?? server.signalCode}`);
    }
    const alive = await fetch(`http://127.0.0.1:${port}/msbapi/public/alive`).then(
      (r) => r.ok,
      () => false,
    );
    if (alive) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start');
}

export async function stopBenchServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await once(server, 'exit');
}

/** A demo user's access token. */
export async function benchSignIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/msbapi/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 1) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}
