import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { setupBrowser, signInAndWait } from './support/app.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const DEMO_PEOPLE = [
  'admin@demo.test',
  'custodian@demo.test',
  'submitter@demo.test',
  'signer1@demo.test',
  'signer2@demo.test',
  'registrar@demo.test',
];

/**
 * A newcomer's first start, as `npm start` makes it: the compiled server (built by the global
 * set-up) on an empty data folder, so the demo and its history are made — the shared e2e server
 * runs without the history, which the other journeys would trip over.
 */
let server: ChildProcess;
let url = '';
const work = mkdtempSync(join(tmpdir(), 'signet-e2e-demo-'));

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      INIT_CWD: repoRoot,
      SIGNET_DEMO: '',
      SIGNET_DEMO_HISTORY: '',
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  server.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  // The server answers once the history is made: its log says when.
  await new Promise<void>((res, rej) => {
    server.once('exit', (code) => rej(new Error(`the server exited with ${code}\n${output.slice(-4000)}`)));
    const watch = () => {
      if (output.includes('Signet is ready')) return res();
      server.stdout?.once('data', watch);
    };
    watch();
  });
  const made = /demo history: 40 ePaks made in ([\d.]+) s/.exec(output);
  expect(made, output.slice(-4000)).not.toBeNull();
  console.log(`demo history on first start: ${made?.[1]} s`);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a newcomer’s first start', () => {
  const browser = setupBrowser();

  it('shows every demo person a dashboard with charts and ePaks, not an empty one', async () => {
    for (const email of DEMO_PEOPLE) {
      const page = await browser.newPage({ baseURL: url });
      await signInAndWait(page, email);
      await page.getByTestId('summary-chart').waitFor();
      await page.getByTestId('weekly-chart').waitFor();
      expect(await page.getByTestId('summary-chart-empty').count(), email).toBe(0);
      expect(await page.getByTestId('weekly-chart-empty').count(), email).toBe(0);
      await expect
        .poll(async () => Number((await page.getByTestId('folder-count-Inbox').textContent()) ?? '0'), {
          message: email,
        })
        .toBeGreaterThan(0);
      expect(Number(await page.getByTestId('folder-count-Completed').textContent()), email).toBeGreaterThan(
        0,
      );
      await page.context().close();
    }
  });
});
