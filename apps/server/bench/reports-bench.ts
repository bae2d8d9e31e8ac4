/**
 * `npm run bench:reports -w apps/server`: every report of the catalogue for one tenant over
 * issue 3's data set (1,000 tenants × 1,000 ePaks, seeded by api-bench.ts into `signet_bench`,
 * which this runs first when the database is missing), through the HTTP API as an admin would
 * run it; target under 1 s each. Then a 100,000-row export (the platform-wide rejections list,
 * 10 % of 1,000,000 ePaks) as CSV and as XLSX, with the server's resident memory sampled every
 * 50 ms before and during it: a streamed export keeps it flat. Printed, not asserted.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../scripts/free-port.ts';
import { benchSignIn, startBenchServer, stopBenchServer } from './bench-server.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/signet_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Whether issue 3's data set is there (the database, its tenants). */
async function seeded(): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const n = await c.query('select count(*)::int as n from tenants');
    return (n.rows[0]?.n ?? 0) >= 1000;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

if (!(await seeded())) {
  console.log('signet_bench is missing or not seeded: seeding it with api-bench.ts (1 s per call)…');
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/api-bench.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      BENCH_SECONDS: '1',
      BENCH_WARMUP: '0',
      BENCH_RESEED: '1',
      BENCH_DATABASE_URL: url,
    },
    stdio: 'inherit',
  });
}

const port = await freePort();
const server = await startBenchServer(port, { DATABASE_URL: url, DATA_DIR: join(tmpdir(), 'signet-bench') });
const base = `http://127.0.0.1:${port}/msbapi`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function post(token: string, body: unknown): Promise<Response> {
  return fetch(`${base}/v1/report`, {
    method: 'POST',
    headers: { access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

try {
  const admin = await benchSignIn(`http://127.0.0.1:${port}`, 'admin@demo.test');
  const superAdmin = await benchSignIn(`http://127.0.0.1:${port}`, 'superadmin@demo.test');
  const catalogue = (await (
    await fetch(`${base}/v1/report`, { headers: { access_token: admin } })
  ).json()) as {
    data: { reportId: string; available: boolean }[];
  };
  console.log(
    `\nEach report for the demo tenant (1,000 of its 1,000,000 ePaks), ${RUNS} runs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('report               | rows  | median ms | slowest ms');
  for (const r of catalogue.data.filter((x) => x.available)) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const started = performance.now();
      const res = (await (await post(admin, { reportId: r.reportId, filters: {} })).json()) as {
        code: number;
        data: { total: number };
        message?: string;
      };
      if (res.code !== 1) throw new Error(`${r.reportId}: ${res.code} ${res.message}`);
      if (i > 0) times.push(performance.now() - started); // the first run warms the process up
      rows = res.data.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${r.reportId.padEnd(20)} | ${String(rows).padStart(5)} | ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0).padStart(9)} | ${(times.at(-1) ?? 0).toFixed(0).padStart(10)}`,
    );
  }
  {
    const started = performance.now();
    await (await post(superAdmin, { reportId: 'epakVolumes', filters: {} })).json();
    console.log(
      `platform-wide ePak volumes (super admin, 1,000,000 ePaks): ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  for (const format of ['csv', 'xlsx'] as const) {
    const pid = server.pid as number;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);
    const started = performance.now();
    const res = await post(superAdmin, { reportId: 'rejections', format });
    if (!res.ok || !res.body) throw new Error(`export ${format}: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    clearInterval(sampler);
    console.log(
      `100,000-row export (${format}): ${((performance.now() - started) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during it; load ${loadavg()[0]?.toFixed(1)}`,
    );
  }
} finally {
  await stopBenchServer(server);
}
