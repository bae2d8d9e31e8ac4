/**
 * `npm run bench:bulk-sign -w apps/server` (also part of `npm run bench`): a signer bulk-signs
 * 500 one-page ePaks (BENCH_BULK_EPAKS) under the INTERNAL policy, the way the web app does it:
 * every matching ePak id from the Inbox list, then `POST /v2/epaks/bulksign` in batches of
 * BULK_SIGN_BATCH_SIZE with one PIN. Target (issue 13): under 30 s on this 2-core machine.
 *
 * The server runs as its own process on a fresh PostgreSQL database (BENCH_BULK_DATABASE_URL,
 * default `signet_bench_bulksign` on the local server) with its jobs on, so each ePak's seal
 * (owed once its only signer has signed) competes for the processor as it would in production.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_SIGN_BATCH_SIZE, type BulkSignItem } from '@signet/contracts';
import { buildTextDocument } from '@signet/pdf';
import { rgbaPng } from '@signet/pdf/testing';
import { freePort } from '../../../scripts/free-port.ts';
import { benchSignIn, freshDatabase, startBenchServer, stopBenchServer } from './bench-server.ts';

const EPAKS = Number(process.env.BENCH_BULK_EPAKS ?? 500);
const SETUP_CONCURRENCY = 4;
const PIN = '2580-bench';
const SIGNER = 'signer1@demo.test';
const url = process.env.BENCH_BULK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/signet_bench_bulksign';

/** A drawn signature as the web app sends it: a blue wave on a transparent 120×40 PNG. */
const SIGNATURE_PNG = rgbaPng(120, 40, (x, y) =>
  Math.abs(y - 20 - Math.round(12 * Math.sin(x / 9))) < 2 ? [20, 40, 160, 255] : [0, 0, 0, 0],
).toString('base64');

function onePagePdf(title: string): Uint8Array {
  const clauses = Array.from({ length: 30 }, (_, i) => ({
    kind: 'paragraph' as const,
    text: `Clause ${i + 1}: the parties agree to the terms set out here.`,
  }));
  return buildTextDocument([{ kind: 'title', text: title }, ...clauses], { maxPages: 1 }).pdf;
}

async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/msbapi${path}`, {
    method,
    headers: {
      access_token: token,
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { code: number; data: T; message?: string };
  if (answer.code !== 1) throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** One ePak as a custodian makes it: upload, compose for the signer (INTERNAL), a signature tag, send. */
async function makeEpak(base: string, token: string, n: number): Promise<void> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([onePagePdf(`Offer letter ${n}`)], { type: 'application/pdf' }),
    `Offer ${n}.pdf`,
  );
  const [doc] = await call<{ documentId: string }[]>(base, token, 'POST', '/v1/documents', form);
  if (!doc) throw new Error('upload answered no document');
  const epak = await call<{ ePakId: string }>(base, token, 'POST', '/v2/epak', {
    documentIds: [doc.documentId],
    subject: `Offer letter ${n}`,
    steps: [{ type: 'SIGN', signingPolicy: 'INTERNAL', recipients: [{ email: SIGNER }] }],
  });
  await call(base, token, 'POST', `/v2/epaks/${epak.ePakId}/documents/${doc.documentId}/signatureblocks`, {
    tags: [
      {
        key: 'signature',
        type: 'signature',
        userEmail: SIGNER,
        wfsOrderId: 1,
        pageNumber: 1,
        positionX: 40,
        positionY: 600,
        blockWidth: 160,
        blockHeight: 50,
      },
    ],
  });
  await call(base, token, 'POST', `/v2/epaks/${epak.ePakId}/start`);
}

/** "Select all matching": every Inbox ePak id, 200 a page, as the web app collects them. */
async function inboxIds(base: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let pg = 1; ; pg++) {
    const page = await call<{ ePakId: string }[]>(
      base,
      token,
      'GET',
      `/v2/epaks?folder=Inbox&size=200&pg=${pg}`,
    );
    ids.push(...page.map((e) => e.ePakId));
    if (page.length < 200) return ids;
  }
}

/** User + system processor seconds of a process so far (Linux /proc; 0 elsewhere). */
async function processCpuSeconds(pid: number | undefined): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

await freshDatabase(url);
const dataDir = await mkdtemp(join(tmpdir(), 'signet-bench-bulksign-'));
const port = await freePort();
const server = await startBenchServer(port, {
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  ...(process.env.SIGNET_JOBS ? { SIGNET_JOBS: process.env.SIGNET_JOBS } : {}),
});
try {
  const base = `http://127.0.0.1:${port}`;
  const custodian = await benchSignIn(base, 'custodian@demo.test');
  const setupStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      for (let n = next++; n < EPAKS; n = next++) await makeEpak(base, custodian, n + 1);
    }),
  );
  console.log(
    `made ${EPAKS} one-page INTERNAL ePaks in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const signer = await benchSignIn(base, SIGNER);
  const cpuBefore = await processCpuSeconds(server.pid);
  const load = loadavg()[0]?.toFixed(1);
  const started = performance.now();
  const ids = await inboxIds(base, signer);
  const outcomes: BulkSignItem[] = [];
  const batchTimes: number[] = [];
  for (let i = 0; i < ids.length; i += BULK_SIGN_BATCH_SIZE) {
    const batchStarted = performance.now();
    outcomes.push(
      ...(await call<BulkSignItem[]>(base, signer, 'POST', '/v2/epaks/bulksign', {
        ePakIds: ids.slice(i, i + BULK_SIGN_BATCH_SIZE),
        signatureImage: SIGNATURE_PNG,
        pin: PIN,
      })),
    );
    batchTimes.push(performance.now() - batchStarted);
  }
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (await processCpuSeconds(server.pid)) - cpuBefore;
  const signed = outcomes.filter((o) => o.status === 'SIGNED').length;
  const skipped = outcomes.filter((o) => o.status === 'SKIPPED');
  batchTimes.sort((a, b) => a - b);
  console.log(
    `\nbulk sign, INTERNAL, ${ids.length} ePaks in batches of ${BULK_SIGN_BATCH_SIZE}: ${seconds.toFixed(1)} s ` +
      `(${((seconds * 1000) / Math.max(1, ids.length)).toFixed(1)} ms per ePak; batch median ` +
      `${batchTimes[Math.floor(batchTimes.length / 2)]?.toFixed(0)} ms, slowest ${batchTimes.at(-1)?.toFixed(0)} ms); ` +
      `${signed} signed, ${skipped.length} skipped; target < 30 s: ${seconds < 30 && signed >= EPAKS ? 'met' : 'NOT met'}`,
  );
  console.log(
    `server process CPU ${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / Math.max(1, ids.length)).toFixed(1)} ms per ePak); ` +
      `machine load average ${load} at the start (${cpus().length} cores)`,
  );
  for (const s of skipped.slice(0, 5)) console.log(`  skipped ${s.ePakId}: ${s.code} ${s.reason}`);
} finally {
  await stopBenchServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
