import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startCscServer } from '../../apps/server/test/support/csc-server.ts';
import { startEspSimulator } from '../../apps/server/test/support/esp-simulator.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startMailCatcher } from './mail-catcher.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    wsEndpoint: string;
    jwtSecret: string;
    artifactsDir: string;
    /** Where e2e/onedrive.e2e.test.ts runs its fake Microsoft (sign-in, File Picker, Graph). */
    oneDriveOrigin: string;
    /** The Aadhaar eSign service e2e/aadhaar-esign.e2e.test.ts signs at, and its CA (PEM). */
    espOrigin: string;
    espCaPem: string;
    /** The CSC service TRANSSPED and COSIGN signers sign at (e2e/aadhaar-esign.e2e.test.ts). */
    cscCaPem: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '../..');

/** Flags for Debian's Chromium in a sandbox-less container (browser downloads are not possible here). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function waitUntilAlive(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/msbapi/public/alive`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms`);
}

/** What `startStack` started: the server's address and its helpers, and how to stop them all. */
export interface Stack {
  baseUrl: string;
  mailDir: string;
  jwtSecret: string;
  oneDriveOrigin: string;
  espOrigin: string;
  espCaPem: string;
  cscCaPem: string;
  close(): Promise<void>;
}

/**
 * Builds the web app and the server, and starts the compiled server (embedded database, demo data,
 * mail to a loopback SMTP server) with its loopback providers. Used by the journeys' global setup
 * and by `npm run screenshots`. `E2E_SKIP_BUILD=1` reuses apps/web/dist; `E2E_SERVER_ROOT` runs
 * the server from another checkout. `demoHistory` gives the demo tenant its weeks of ePaks, as
 * `npm start` does (the journeys expect a nearly empty tenant).
 */
export async function startStack(options: { demoHistory?: boolean } = {}): Promise<Stack> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would build React's development bundles (and break the
    // bundle budget); the journeys test what users get.
    try {
      execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'pipe',
      });
    } catch (error) {
      const out = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(
        `the web build failed:\n${out.stdout?.toString() ?? ''}${out.stderr?.toString() ?? ''}`,
      );
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'signet-e2e-'));
  const mailDir = join(work, 'mail');
  const mail = await startMailCatcher(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A port for the OneDrive journey's fake Microsoft, which the server must know from the start.
  const oneDriveOrigin = `http://127.0.0.1:${await freePort()}`;
  const jwtSecret = randomBytes(32).toString('hex');
  // The loopback eSign service AADHAAR signers are sent to (e2e/aadhaar-esign.e2e.test.ts).
  const esp = await startEspSimulator();
  // …and the CSC service of TRANSSPED (signer1's certificate) and COSIGN (an account of its own).
  const csc = await startCscServer([
    { email: 'signer1@demo.test', pin: '2468', key: 'rsa' },
    { email: 'asha.cosign', pin: 'Cosign-pass-1', key: 'rsa' },
  ]);
  const serverRoot = process.env.E2E_SERVER_ROOT ?? repoRoot;
  let output = '';
  // The compiled server, as `npm start` runs it; a checkout from before the build step runs its
  // sources under tsx.
  const compiled = existsSync(join(serverRoot, 'apps/server/build.mjs'));
  if (compiled) execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
  const [command, args] = compiled
    ? [process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']]
    : [join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']];
  const server = spawn(command, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      INIT_CWD: serverRoot,
      SIGNET_DEMO: '1',
      // The journeys expect a nearly empty demo tenant; e2e/demo-history.e2e.test.ts has its own.
      SIGNET_DEMO_HISTORY: options.demoHistory ? '1' : '0',
      SMTP_URL: mail.url,
      APP_URL: baseUrl,
      SIGNET_JWT_SECRET: jwtSecret,
      // Every journey signs in several times from the same address.
      AUTH_RATE_LIMIT: '10000',
      // Journeys run their providers and receivers on loopback (the single sign-on provider).
      SIGNET_OUTBOUND_ALLOW: '127.0.0.1',
      SIGNET_GRAPH_BASE_URL: `${oneDriveOrigin}/v1.0`,
      SIGNET_MICROSOFT_LOGIN_URL: oneDriveOrigin,
      SIGNET_ONEDRIVE_PICKER_URL: `${oneDriveOrigin}/picker`,
      SIGNET_SIGNING_PROVIDERS: JSON.stringify([
        esp.providerConfig('e2e-esign'),
        {
          id: 'e2e-csc',
          kind: 'csc-v2',
          baseUrl: csc.url,
          clientId: csc.clientId,
          clientSecret: csc.clientSecret,
          policies: ['TRANSSPED', 'COSIGN'],
        },
      ]),
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
  try {
    await waitUntilAlive(baseUrl, server, 90_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`);
  }

  return {
    baseUrl,
    mailDir,
    jwtSecret,
    oneDriveOrigin,
    espOrigin: esp.url,
    espCaPem: esp.caPem,
    cscCaPem: csc.caPem,
    async close() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
      await mail.close();
      await esp.close();
      await csc.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The journeys' global setup: the stack of `startStack` and one Chromium, their addresses handed to the journeys. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  const browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const artifactsDir = join(repoRoot, 'e2e/artifacts');
  mkdirSync(artifactsDir, { recursive: true });

  project.provide('baseUrl', stack.baseUrl);
  project.provide('mailDir', stack.mailDir);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('jwtSecret', stack.jwtSecret);
  project.provide('artifactsDir', artifactsDir);
  project.provide('oneDriveOrigin', stack.oneDriveOrigin);
  project.provide('espOrigin', stack.espOrigin);
  project.provide('espCaPem', stack.espCaPem);
  project.provide('cscCaPem', stack.cscCaPem);

  return async () => {
    await browser.close();
    await stack.close();
  };
}
