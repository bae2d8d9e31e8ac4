#!/usr/bin/env node
// Measures how long the server takes from its process start to the first answer of
// GET /msbapi/public/alive, and its resident memory then, for one or more ways of running it:
//
//   node scripts/measure-start.mjs [--runs 5] [compiled|tsx][:<node binary>] ...
//
// `compiled` runs apps/server/dist/main.js (built once first, as `npm start` does), `tsx` the
// sources as `npm start` did before issue 20; the binary defaults to the one running this script.
// Each run starts on an existing embedded database with demo data (a restart: the common case)
// and, separately, on an empty data directory (first start: migrations and demo data). The ways
// take turns run by run, so a machine that slows down during the call slows all of them alike.
// Memory is the resident set of the server's whole process tree (tsx starts a child process).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');
const serverDir = join(repoRoot, 'apps/server');
const POLL_MS = 5;
const START_TIMEOUT_MS = 120_000;

const args = process.argv.slice(2);
let runs = 5;
const ways = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else {
    const [mode, node = process.execPath] = args[i].split(':');
    if (mode !== 'compiled' && mode !== 'tsx') throw new Error(`unknown way ${args[i]}`);
    ways.push({ mode, node: resolve(node) });
  }
}
if (ways.length === 0) ways.push({ mode: 'compiled', node: process.execPath });

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

function alive(port) {
  return new Promise((res) => {
    const req = get({ host: '127.0.0.1', port, path: '/msbapi/public/alive', agent: false }, (r) => {
      r.resume();
      res(r.statusCode === 200);
    });
    req.on('error', () => res(false));
  });
}

/** Resident set (MiB) of a process and all its descendants, from /proc. */
function treeRssMb(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let kb = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop();
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0);
    } catch {
      // ended
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return kb / 1024;
}

function command({ mode, node }) {
  if (mode === 'compiled') return [node, ['--enable-source-maps', 'dist/main.js']];
  return [node, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts']];
}

async function startOnce(way, dataDir, demo) {
  const port = await freePort();
  const [bin, argv] = command(way);
  const started = performance.now();
  const child = spawn(bin, argv, {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INIT_CWD: serverDir,
      SIGNET_DEMO: demo ? '1' : '0',
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  try {
    while (!(await alive(port))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error('the server did not answer');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return { ms: performance.now() - started, rssMb: treeRssMb(child.pid) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  }
}

const versionOf = (node) => execFileSync(node, ['-p', 'process.version']).toString().trim();
if (ways.some((w) => w.mode === 'compiled')) {
  execFileSync(process.execPath, [join(serverDir, 'build.mjs')], { stdio: 'inherit' });
}

const work = mkdtempSync(join(tmpdir(), 'signet-start-'));
const results = ways.map(() => ({ restart: [], first: [] }));
try {
  // One unmeasured first start per way makes the database the restarts open.
  const restartDirs = [];
  for (const [i, way] of ways.entries()) {
    restartDirs[i] = join(work, `restart-${i}`);
    await startOnce(way, restartDirs[i], true);
  }
  for (let run = 0; run < runs; run++) {
    for (const [i, way] of ways.entries()) {
      results[i].restart.push(await startOnce(way, restartDirs[i], false));
      const empty = join(work, `first-${i}-${run}`);
      results[i].first.push(await startOnce(way, empty, true));
      rmSync(empty, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (xs, digits) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
console.log(`\n${runs} runs each; median (min–max)`);
console.log(
  'way                       | restart to alive ms | RSS MiB          | first start to alive ms | RSS MiB',
);
for (const [i, way] of ways.entries()) {
  const r = results[i];
  const name = `${way.mode} on Node ${versionOf(way.node)}`.padEnd(25);
  console.log(
    `${name} | ${fmt(
      r.restart.map((x) => x.ms),
      0,
    ).padEnd(19)} | ${fmt(
      r.restart.map((x) => x.rssMb),
      0,
    ).padEnd(16)} | ${fmt(
      r.first.map((x) => x.ms),
      0,
    ).padEnd(23)} | ${fmt(
      r.first.map((x) => x.rssMb),
      0,
    )}`,
  );
}
