/**
 * `npm run bench:web` (issue 21): how fast the first screens are on a mid-range phone, judged by
 * Lighthouse in its default mobile setting (4× slower processor, slow 4G, simulated) with
 * Debian's Chromium. Builds the app, starts the compiled server on a fresh data folder (as
 * `npm start` does, demo data included), composes a 10-page ePak as the demo custodian for an
 * easy-sign link, and runs Lighthouse BENCH_RUNS times (default 3) on each page; prints the
 * medians. A figure to read and record, never a pass/fail: the targets are in the last column.
 *
 *   npm run bench:web [-- --skip-server-build] [-- --page login] [-- --save <dir>]
 *
 * The signed-in dashboard: the custodian signs in through the login form in the same browser
 * profile, then Lighthouse keeps that storage (disableStorageReset) while the HTTP cache, cache
 * storage and service workers are cleared before each run, so every run is still a cold load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { easySignPath } from '../e2e/support/easy-sign-link.ts';
import { freePort } from './free-port.ts';
import { machineLoad } from './machine-load.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEMO_PASSWORD = 'Signet-demo-1';
const args = process.argv.slice(2);
const only = args.includes('--page') ? args[args.indexOf('--page') + 1] : undefined;
// --save <dir>: each run's full Lighthouse report (JSON), to see what a figure is made of.
const saveDir = args.includes('--save') ? resolve(args[args.indexOf('--save') + 1] ?? '.') : undefined;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

interface Page {
  name: string;
  path: string;
  signedIn?: boolean;
  seo?: boolean;
}

const METRICS = [
  ['performance', (r: RunnerResult) => (r.lhr.categories.performance?.score ?? 0) * 100, '≥ 90', ''],
  ['FCP', (r: RunnerResult) => r.lhr.audits['first-contentful-paint']?.numericValue ?? 0, '', 'ms'],
  ['LCP', (r: RunnerResult) => r.lhr.audits['largest-contentful-paint']?.numericValue ?? 0, '≤ 2500', 'ms'],
  ['TBT', (r: RunnerResult) => r.lhr.audits['total-blocking-time']?.numericValue ?? 0, '≤ 200', 'ms'],
  ['CLS', (r: RunnerResult) => r.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0, '≤ 0.1', ''],
  ['accessibility', (r: RunnerResult) => (r.lhr.categories.accessibility?.score ?? 0) * 100, '100', ''],
  ['best practices', (r: RunnerResult) => (r.lhr.categories['best-practices']?.score ?? 0) * 100, '100', ''],
  ['SEO', (r: RunnerResult) => (r.lhr.categories.seo?.score ?? 0) * 100, '≥ 90 public', ''],
] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'signet-bench-web-'));
  // The web app is built into the bench's own folder (SIGNET_WEB_DIR), so that a build in the
  // checkout during the runs cannot swap the files under the pages being measured.
  const webDir = join(work, 'web');
  console.log('building the web app and the server…');
  const quiet = {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  } as const;
  execFileSync('npx', ['vite', 'build', '--outDir', webDir], { cwd: join(repoRoot, 'apps/web'), ...quiet });
  if (!args.includes('--skip-server-build'))
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, ...quiet });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let browser: ChildProcess | undefined;
  try {
    let output = '';
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        SIGNET_WEB_DIR: webDir,
        APP_URL: base,
        SIGNET_DEMO: '1',
        SIGNET_JWT_SECRET: randomBytes(32).toString('hex'),
        AUTH_RATE_LIMIT: '10000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    server.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const running = server;
    await waitFor(
      'the server answering',
      async () => {
        if (running.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-4000)}`);
        return (await fetch(`${base}/msbapi/public/alive`)).ok ? true : undefined;
      },
      120_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${output.slice(-4000)}`);
    });
    const signPath = await easySignPath(
      base,
      DEMO_PASSWORD,
      Array.from({ length: 10 }, (_, i) => `Service agreement, page ${i + 1} of 10`),
    );

    // One Chromium for every run, on a debugging port Lighthouse and Playwright both attach to.
    const profile = join(work, 'chromium');
    browser = spawn(
      CHROMIUM,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    const debugPort = await waitFor(
      'Chromium opening its debugging port',
      async () => {
        const file = join(profile, 'DevToolsActivePort');
        return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined : undefined;
      },
      30_000,
    );

    const pages: Page[] = [
      { name: 'sign (10-page ePak)', path: signPath },
      { name: 'login', path: '/login', seo: true },
      { name: 'landing', path: '/landing', seo: true },
      { name: 'verify', path: '/verify', seo: true },
      { name: 'dashboard (signed in)', path: '/dashboard', signedIn: true },
    ].filter((p) => !only || p.name.startsWith(only));

    const results = new Map<string, RunnerResult[]>();
    for (const page of pages) {
      if (page.signedIn) await signIn(debugPort, base);
      const runs: RunnerResult[] = [];
      let failures = 0;
      for (let i = 0; i < RUNS; i++) {
        // A signed-in run keeps its session; any other starts with nothing stored at all — the
        // signing page's tab left its easy-sign session behind, which sent the next /login run to
        // /accessdenied (Lighthouse's own storage reset came before that tab's last write).
        await clearCaches(debugPort, base, page.signedIn ? 'cache_storage,service_workers' : 'all');
        const flags: Flags = {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          disableStorageReset: page.signedIn === true,
        };
        const result = await lighthouse(`${base}${page.path}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${page.name}`);
        if (result.lhr.runtimeError) {
          // Chromium now and then loses the trace of a load (NO_NAVSTART): that run is taken again.
          if (++failures > 3) throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
          console.log(`${page.name}: ${result.lhr.runtimeError.code}, running again`);
          i--;
          continue;
        }
        const landed = result.lhr.finalDisplayedUrl;
        if (new URL(landed).pathname !== new URL(page.path, base).pathname)
          throw new Error(`${page.name} ended on ${landed}`);
        runs.push(result);
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const file = `${page.name.split(' ')[0]}-${i + 1}.json`;
          writeFileSync(join(saveDir, file), JSON.stringify(result.lhr));
        }
        process.stdout.write(`${page.name} run ${i + 1}: performance ${Math.round(METRICS[0][1](result))}\n`);
      }
      results.set(page.name, runs);
    }
    report(results);
  } finally {
    browser?.kill('SIGKILL');
    if (server) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(work, { recursive: true, force: true });
  }
}

/** Signs the demo custodian in through the login form, in the profile Lighthouse then uses. */
async function signIn(debugPort: number, base: string): Promise<void> {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const context = cdp.contexts()[0];
    if (!context) throw new Error('Chromium has no default profile');
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').fill('custodian@demo.test');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
    await page.close();
  } finally {
    await cdp.close();
  }
}

/** Clears the browser's HTTP cache and the origin's `storageTypes` (CDP's list: "all", or some). */
async function clearCaches(debugPort: number, base: string, storageTypes: string): Promise<void> {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const context = cdp.contexts()[0];
    if (!context) throw new Error('Chromium has no default profile');
    // A page a run left open stops first, so that it cannot write into the next run's storage.
    for (const open of context.pages()) await open.goto('about:blank').catch(() => undefined);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes,
    });
    await page.close();
  } finally {
    await cdp.close();
  }
}

function report(results: Map<string, RunnerResult[]>): void {
  const rows: string[][] = [
    ['page', ...METRICS.map(([name, , , unit]) => (unit ? `${name} (${unit})` : name))],
  ];
  for (const [name, runs] of results) {
    rows.push([
      name,
      ...METRICS.map(([metric, read]) => {
        const value = median(runs.map(read));
        return metric === 'CLS' ? value.toFixed(3) : Math.round(value).toString();
      }),
    ]);
  }
  rows.push(['target', ...METRICS.map(([, , target]) => target)]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  // Lighthouse simulates the slow phone from what it observed: a busy machine inflates the
  // processor figures (TBT, and LCP through it), so the load is printed with them.
  console.log(`\n${machineLoad()}`);
  // Lighthouse's own measure of this machine's speed (its benchmark index, higher is faster): it
  // multiplies the observed processor time by 4 whatever the machine, so TBT scales with it.
  const speeds = [...results.values()].flat().map((r) => r.lhr.environment.benchmarkIndex);
  const index = median(speeds);
  console.log(
    `Lighthouse benchmark index: median ${Math.round(index)} (${Math.round(Math.min(...speeds))}–${Math.round(Math.max(...speeds))})`,
  );
  // Lighthouse's throttling guide sets its 4× for a high-end desktop (index 1,500–2,000) to land
  // on a mid-tier phone; Chrome DevTools' own mid-tier phone (a Pixel 5) scores about 1,000.
  if (index < 1500)
    console.log(
      `  below 1,500: 4× this machine is a phone of index ~${Math.round(index / 4)}, slower than the mid-range phone the targets are for`,
    );
  console.log(
    `Lighthouse ${results.values().next().value?.[0]?.lhr.lighthouseVersion ?? ''}, mobile, median of ${RUNS} runs (${new Date().toISOString().slice(0, 10)})`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

await main();
