import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchServer } from './bench-server.ts';

/** bench:attack-stalls' server: a child process on the embedded database, a fresh data dir each start. */

export interface Running {
  child: ChildProcess;
  base: string;
  dataDir: string;
  log: string;
  exit: Promise<string>;
}

const dataDirs: string[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export async function startServer(): Promise<Running> {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-attack-bench-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const log = join(dataDir, 'server.log');
  const env = {
    // The victim signs in every few hundred ms; the limit would otherwise be what it measures.
    AUTH_RATE_LIMIT: '100000',
    // The embedded PGlite database, as `npm start` without DATABASE_URL.
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    DATA_DIR: join(dataDir, 'data'),
  };
  let child: ChildProcess;
  try {
    child = await startBenchServer(port, env, { logFile: log });
  } catch (e) {
    throw new Error(`${(e as Error).message}; its log:\n${await lastLogLines(log, 30, '\n')}`);
  }
  const exit = new Promise<string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(`exit code ${child.exitCode}`);
    else child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  return { child, base: `http://127.0.0.1:${port}/msbapi`, dataDir, log, exit };
}

export const isRunning = (s: Running) => s.child.exitCode === null && s.child.signalCode === null;

/** SIGTERM, then SIGKILL when it has not stopped after 10 s (a server stuck in native code). */
export async function stopServer(s: Running, hard = false): Promise<void> {
  if (!isRunning(s)) return;
  s.child.kill(hard ? 'SIGKILL' : 'SIGTERM');
  const killer = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
  await s.exit;
  clearTimeout(killer);
}

export async function lastLogLines(log: string, n = 4, separator = ' | '): Promise<string> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.trim().split('\n').slice(-n).join(separator).slice(-4000);
}

/** Removes the data dir of every server started. */
export async function removeDataDirs(): Promise<void> {
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}
