/**
 * `npm run bench:attack-stalls -w apps/server` (issue 30): how long another tenant waits while one
 * caller attacks the server. The server runs as its own process, as `npm start` runs it (embedded
 * PGlite database in a fresh temp data dir, demo tenants "Demo" and "Other"). Tenant B's client
 * ("Other", admin@other.test) sends light requests one after another — sign-in
 * (`POST /v1/authenticate`, Argon2 on libuv's thread pool) and `GET /v1/configuration` (the event
 * loop and the database), and for the compare attack an upload of a one-page PDF
 * (`POST /v1/documents`, the PDF sandbox) — and records each one's latency while tenant A
 * ("Demo", custodian@demo.test) or an anonymous caller runs each attack of the issue:
 *
 *  1. three unauthenticated 20 MB bodies of nested arrays (`[[[[…]]]]`) to `POST /v2/epak`;
 *  2. a DocuSign template import dry run: 20 roles × 500 tabs anchored on "a", a PDF with 200 "a"
 *     (`--docusign-heavy` adds the 4.3 MB variant, 20 × 5000 tabs, that took a 4.8 GB heap);
 *  3. four 1.9 KB SVGs of nested `<use>` ("billion laughs": ten levels, each drawing the one
 *     before ten times) to `POST /v1/users/image/removebg` at once, then eight 2400 × 2400 photos;
 *  4. `POST /v1/document/compare` of two ~100 KB PDFs whose 20 pages share one Flate content
 *     stream that decodes to 100 MiB.
 *
 * Per attack: its own answers (status and code), its duration, and the victim's worst and median
 * latency during it and BENCH_TAIL_S (default 2) seconds after its answer (work left behind stalls
 * too), against the goal (under 0.5 s). An attack is given BENCH_ATTACK_CAP_S
 * (default 60) seconds: past that it is reported as "> 60 s", its requests are dropped and the
 * server is killed and started afresh, so one stuck attack neither ends the bench nor spoils the
 * next one's figures (likewise when the server dies). BENCH_VICTIM_PACE_MS (default 100) is the
 * pause between two victim requests, so the victim measures without loading the machine itself.
 * Only the attacks named in BENCH_ATTACKS (e.g. "1,3b") run when it is set; "0" is tenant B alone
 * for 5 s, the reference for how slow its requests are on this machine without any attack.
 */
import { sharedContentPdf } from '@signet/pdf/testing';
import { machineLoad } from '../../../scripts/machine-load.ts';
import { DEMO_PASSWORD } from '../src/demo/seed-demo.ts';
import { photographSignature } from '../test/support/signature-photo.ts';
import { textPagesPdf } from '../test/support/text-pages-pdf.ts';
import { billionLaughsSvg, docusignTemplate, nestedArrays } from './attack-inputs.ts';
import {
  isRunning,
  lastLogLines,
  type Running,
  removeDataDirs,
  startServer,
  stopServer,
} from './attack-server.ts';
import { benchSignIn } from './bench-server.ts';

const GOAL_MS = 500;
const CAP_MS = Number(process.env.BENCH_ATTACK_CAP_S ?? 60) * 1000;
const PACE_MS = Number(process.env.BENCH_VICTIM_PACE_MS ?? 100);
const TAIL_MS = Number(process.env.BENCH_TAIL_S ?? 2) * 1000;
const ONLY = process.env.BENCH_ATTACKS?.split(',').map((s) => s.trim());
const HEAVY_DOCUSIGN = process.argv.includes('--docusign-heavy');
const ATTACKER = 'custodian@demo.test';
const VICTIM = 'admin@other.test';

let running: Running | null = null;

async function signIn(base: string, email: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
    signal,
  });
}

/** A token for `email`; `base` ends in the API prefix, which benchSignIn adds itself. */
const tokenOf = (base: string, email: string) => benchSignIn(base.replace(/\/msbapi$/, ''), email);

// ── The victim: tenant B's light requests, one after another ────────────────────────────────

interface VictimResult {
  kind: string;
  latencies: number[];
  /** A request cut off at the cap: how long it had waited by then. */
  unfinishedMs: number | null;
  failures: string[];
}

type VictimRequest = (signal: AbortSignal) => Promise<Response>;

function victimLoop(kind: string, send: VictimRequest, stop: { stopped: boolean }, signal: AbortSignal) {
  const result: VictimResult = { kind, latencies: [], unfinishedMs: null, failures: [] };
  const done = (async () => {
    while (!stop.stopped && !signal.aborted) {
      const started = performance.now();
      try {
        const res = await send(signal);
        const text = await res.text();
        const code = res.headers.get('content-type')?.includes('json')
          ? (JSON.parse(text) as { code?: number }).code
          : 1;
        if (!res.ok || code !== 1) result.failures.push(`${res.status} code ${code}`);
        result.latencies.push(performance.now() - started);
      } catch (error) {
        if (signal.aborted) result.unfinishedMs = performance.now() - started;
        else {
          result.failures.push((error as Error).cause ? String((error as Error).cause) : String(error));
          // The server is gone: no point hammering a closed port.
          break;
        }
      }
      if (!stop.stopped) await new Promise((r) => setTimeout(r, PACE_MS));
    }
    return result;
  })();
  return done;
}

function victimRequests(base: string, token: string, withUpload: boolean): Record<string, VictimRequest> {
  const auth = { authorization: `Bearer ${token}` };
  const onePage = textPagesPdf([['A one-page contract of tenant B.']]);
  const requests: Record<string, VictimRequest> = {
    'sign-in': (signal) => signIn(base, VICTIM, signal),
    configuration: (signal) => fetch(`${base}/v1/configuration`, { headers: auth, signal }),
  };
  if (withUpload)
    requests.upload = (signal) => {
      const form = new FormData();
      form.append('file', new Blob([onePage], { type: 'application/pdf' }), 'tenant-b.pdf');
      return fetch(`${base}/v1/documents`, { method: 'POST', headers: auth, body: form, signal });
    };
  return requests;
}

// ── One attack, measured ────────────────────────────────────────────────────────────────────

/** What an attack is given: the server, tenant A's token, and the signal that drops it at the cap. */
interface AttackCall {
  base: string;
  token: string;
  signal: AbortSignal;
}

interface Outcome {
  id: string;
  name: string;
  answers: string;
  durationMs: number;
  capped: boolean;
  serverDied: string | null;
  victims: VictimResult[];
  headline: string[];
}

const seconds = (ms: number) =>
  Number.isNaN(ms) ? '–' : ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : Number.NaN;
};
const worstOf = (v: VictimResult) => Math.max(0, ...v.latencies, v.unfinishedMs ?? 0);

/** "3× 401 code -3": the answers of the attack's requests, alike ones counted together. */
function tally(answers: string[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  return [...counts].map(([a, n]) => (n > 1 ? `${n}× ${a}` : a)).join(', ');
}

async function answerOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { code?: number; message?: string; data?: unknown };
    return `${res.status} code ${body.code ?? '?'}${body.code !== 1 && body.message ? ` "${String(body.message).slice(0, 70)}"` : ''}`;
  } catch {
    return `${res.status} (${text.length} bytes, not JSON)`;
  }
}

async function measure(
  id: string,
  name: string,
  attack: (call: AttackCall) => Promise<string[]>,
  options: { headline: string[]; upload?: boolean },
): Promise<Outcome> {
  if (!running || !isRunning(running)) running = await startServer();
  const server = running;
  const attackerToken = await tokenOf(server.base, ATTACKER);
  const victimToken = await tokenOf(server.base, VICTIM);
  const requests = victimRequests(server.base, victimToken, options.upload ?? false);
  // One request of each kind before the clock starts: first-call costs are not the attack's.
  for (const send of Object.values(requests)) await (await send(new AbortController().signal)).text();

  const stop = { stopped: false };
  const cut = new AbortController();
  const victims = Object.entries(requests).map(([kind, send]) => victimLoop(kind, send, stop, cut.signal));
  const started = performance.now();
  let capped = false;
  let answers: string;
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<'cap'>((resolve) => {
    timer = setTimeout(() => resolve('cap'), CAP_MS);
  });
  const attackDone = attack({ base: server.base, token: attackerToken, signal: cut.signal }).then(
    (a) => tally(a),
    (error: Error) => `failed: ${error.cause ? String(error.cause) : error.message}`,
  );
  const first = await Promise.race([attackDone, cap, server.exit.then(() => 'died' as const)]);
  const durationMs = performance.now() - started;
  if (first === 'cap') {
    capped = true;
    answers = `no answer within ${seconds(CAP_MS)}`;
  } else if (first === 'died') answers = await Promise.race([attackDone, Promise.resolve('no answer')]);
  else answers = first;
  // Work an attack leaves behind once it is answered (a worker still busy) stalls tenant B too.
  if (!capped && first !== 'died')
    await Promise.race([new Promise((r) => setTimeout(r, TAIL_MS)), server.exit]);
  stop.stopped = true;
  // Victim requests sent during the attack finish (their whole latency counts), up to the cap.
  const remaining = Math.max(0, CAP_MS - (performance.now() - started));
  const cutter = setTimeout(() => cut.abort(), capped ? 0 : remaining);
  const results = await Promise.all(victims);
  clearTimeout(cutter);
  clearTimeout(timer);
  cut.abort();
  await attackDone;

  let serverDied: string | null = null;
  if (!isRunning(server)) {
    serverDied = `${await server.exit}; log: ${await lastLogLines(server.log)}`;
    running = null;
  } else if (capped) {
    // Still busy with the attack: killed, so the next attack starts on a quiet server.
    await stopServer(server, true);
    running = null;
  }
  return { id, name, answers, durationMs, capped, serverDied, victims: results, headline: options.headline };
}

function report(o: Outcome): { worst: number; median: number; worstLabel: string } {
  const head = o.victims.filter((v) => o.headline.includes(v.kind));
  const worst = Math.max(...head.map(worstOf));
  const all = head.flatMap((v) => v.latencies);
  const unfinished = head.some((v) => v.unfinishedMs !== null);
  const worstLabel = unfinished ? `> ${seconds(worst)}` : seconds(worst);
  const detail = o.victims
    .map(
      (v) =>
        `${v.kind} worst ${v.unfinishedMs !== null ? '> ' : ''}${seconds(worstOf(v))} median ${seconds(median(v.latencies))} (${v.latencies.length} requests${v.failures.length ? `, failed: ${tally(v.failures)}` : ''})`,
    )
    .join('; ');
  const duration = o.capped ? `> ${seconds(CAP_MS)}` : seconds(o.durationMs);
  console.log(
    `[${o.id}] ${o.name}: answers ${o.answers}; took ${duration}` +
      `${o.serverDied ? `; THE SERVER DIED (${o.serverDied})` : ''}; tenant B's ${o.headline.join(' + ')} ` +
      `worst ${worstLabel}, median ${seconds(median(all))} — goal < ${seconds(GOAL_MS)}: ${o.id === '0' ? '(reference)' : worst < GOAL_MS && !o.serverDied ? 'met' : 'NOT met'} [${detail}]`,
  );
  return { worst, median: median(all), worstLabel };
}

// ── The attacks ──────────────────────────────────────────────────────────────────────────────

async function nestedArraysAttack({ base, signal }: AttackCall): Promise<string[]> {
  const body = nestedArrays();
  return Promise.all(
    [1, 2, 3].map(async () =>
      answerOf(
        await fetch(`${base}/v2/epak`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal,
        }),
      ),
    ),
  );
}

function docusignAttack(tabsPerRole: number) {
  const body = docusignTemplate(20, tabsPerRole);
  const size = `${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MB`;
  return {
    size,
    run: async ({ base, token, signal }: AttackCall) => [
      await answerOf(
        await fetch(`${base}/v1/docusigntemplate?dryRun=true`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
          signal,
        }),
      ),
    ],
  };
}

function removebgAttack(files: { bytes: Uint8Array; type: string; name: string }[]) {
  return async ({ base, token, signal }: AttackCall) =>
    Promise.all(
      files.map(async (f) => {
        const form = new FormData();
        form.append('file', new Blob([f.bytes], { type: f.type }), f.name);
        return answerOf(
          await fetch(`${base}/v1/users/image/removebg`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
            signal,
          }),
        );
      }),
    );
}

function compareAttack(first: Uint8Array, second: Uint8Array) {
  return async ({ base, token, signal }: AttackCall) => {
    const form = new FormData();
    form.append('first', new Blob([first], { type: 'application/pdf' }), 'first.pdf');
    form.append('second', new Blob([second], { type: 'application/pdf' }), 'second.pdf');
    return [
      await answerOf(
        await fetch(`${base}/v1/document/compare`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal,
        }),
      ),
    ];
  };
}

/** The summary table: one row per attack. */
function printSummary() {
  console.log(`\nattack stalls (goal: tenant B's worst latency < ${seconds(GOAL_MS)}); ${machineLoad()}`);
  const rows = [
    ['#', 'attack', 'its answers', 'took', "B's worst", "B's median", 'goal'],
    ...outcomes.map(({ o, r }) => [
      o.id,
      o.name,
      o.serverDied ? `server died (${o.serverDied.split(';')[0]})` : o.answers,
      o.capped ? `> ${seconds(CAP_MS)}` : seconds(o.durationMs),
      `${r.worstLabel} (${o.headline.join('+')})`,
      seconds(r.median),
      o.id === '0' ? '(reference)' : r.worst < GOAL_MS && !o.serverDied ? 'met' : 'NOT met',
    ]),
  ];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | '));
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

async function cleanUp() {
  if (running) await stopServer(running, true);
  running = null;
  await removeDataDirs();
}

// Interrupted: the server is stopped and the temp dirs removed; the attack it ends is not reported.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    interrupted = true;
    console.log(`${signal}: stopping the server`);
    void cleanUp().finally(() => process.exit(130));
  });

const wanted = (id: string) => !ONLY || ONLY.includes(id) || ONLY.includes(id.replace(/[a-z]$/, ''));
const outcomes: { o: Outcome; r: ReturnType<typeof report> }[] = [];
const run = async (...args: Parameters<typeof measure>) => {
  if (!wanted(args[0]) || interrupted) return;
  const o = await measure(...args);
  if (!interrupted) outcomes.push({ o, r: report(o) });
};

try {
  console.log(
    `attack stalls: cap ${seconds(CAP_MS)} per attack, victim pause ${PACE_MS} ms; ${machineLoad()}`,
  );
  const photo = (await photographSignature({ width: 2400, height: 2400 })).jpeg;
  const svg = billionLaughsSvg();
  const docusign = docusignAttack(500);
  // Save and restore the graphics state, 26 million times a page: repeats the best of all.
  // Two different documents, each of 20 pages drawing one 100 MB stream.
  const bombA = sharedContentPdf(20, 100, 'BT /F1 12 Tf 72 712 Td (A) Tj ET\n');
  const bombB = sharedContentPdf(20, 100, 'BT /F1 12 Tf 72 712 Td (B) Tj ET\n');
  console.log(
    `inputs: SVG ${svg.length} bytes; photo 2400×2400 JPEG ${Math.round(photo.length / 1024)} KB; DocuSign template ${docusign.size}; ` +
      `compare PDFs ${Math.round(bombA.length / 1024)} + ${Math.round(bombB.length / 1024)} KB (one 100 MiB content stream, 20 pages each)`,
  );

  // Tenant B alone, for reference: what its requests cost on this machine right now.
  await run(
    '0',
    'no attack (tenant B alone for 5 s)',
    async () => {
      await new Promise((r) => setTimeout(r, 5000));
      return ['-'];
    },
    { headline: ['sign-in', 'configuration', 'upload'], upload: true },
  );
  await run('1', 'unauthenticated 20 MB nested arrays ×3 → POST /v2/epak', nestedArraysAttack, {
    headline: ['sign-in', 'configuration'],
  });
  await run('2', `DocuSign dry run, 20 roles × 500 tabs on "a", 200 "a" (${docusign.size})`, docusign.run, {
    headline: ['sign-in', 'configuration'],
  });
  if (HEAVY_DOCUSIGN) {
    const heavy = docusignAttack(5000);
    await run('2h', `DocuSign dry run, 20 roles × 5000 tabs on "a", 200 "a" (${heavy.size})`, heavy.run, {
      headline: ['sign-in', 'configuration'],
    });
  }
  await run(
    '3a',
    `4 × ${svg.length} B nested-<use> SVG → removebg`,
    removebgAttack(
      Array.from({ length: 4 }, () => ({ bytes: Buffer.from(svg), type: 'image/svg+xml', name: 'sig.svg' })),
    ),
    { headline: ['sign-in', 'configuration'] },
  );
  await run(
    '3b',
    '8 × 2400×2400 photo → removebg',
    removebgAttack(Array.from({ length: 8 }, () => ({ bytes: photo, type: 'image/jpeg', name: 'sig.jpg' }))),
    { headline: ['sign-in', 'configuration'] },
  );
  await run(
    '4',
    'compare of two 20-page PDFs sharing a 100 MiB content stream',
    compareAttack(bombA, bombB),
    {
      headline: ['upload'],
      upload: true,
    },
  );

  if (!interrupted) printSummary();
} finally {
  await cleanUp();
}
