/**
 * `npm run bench:compare -w apps/server` (also part of `npm run bench`): two 100-page documents
 * compared, text and pictures, as POST /v1/document/compare does it without HTTP: both read and
 * drawn in the sandbox pool (warm workers, as in a running server), pages paired, words diffed,
 * pictures diffed. The second document has words changed on ten pages, one page removed, one
 * added and a paragraph moved. Target: under 5 s (issue 15). Median of BENCH_COMPARE_RUNS runs.
 */
import { COMPARE_RASTER_SCALE, comparePagesSandboxed, SandboxPool } from '@signet/pdf';
import { machineLoad } from '../../../scripts/machine-load.ts';
import { COMPARE_MAX_PAGES, readAndDraw } from '../src/domain/compare/compare-documents.ts';
import { comparePages } from '../src/domain/compare/compare-pages.ts';
import { textPagesPdf } from '../test/support/text-pages-pdf.ts';

const RUNS = Number(process.env.BENCH_COMPARE_RUNS ?? 3);
const PAGES = 100;
const TARGET_MS = 5000;

const WORDS =
  'the tenant landlord shall pay rent deposit premises notice repair damage insurance water electricity tax court month year keys door garden parking agreement party term clause within days written consent any all such'.split(
    ' ',
  );
let seed = 42;
const word = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return WORDS[(seed >>> 8) % WORDS.length] as string;
};
const line = () => Array.from({ length: 14 }, word).join(' ');
const original = Array.from({ length: PAGES }, (_, p) => [
  `Section ${p + 1}`,
  ...Array.from({ length: 45 }, line),
]);
const changed = original.map((lines) => [...lines]);
for (let p = 5; p < PAGES; p += 10)
  changed[p]?.splice(10, 1, 'This sentence was rewritten by the other party.');
const moved = changed[20]?.splice(30, 2) ?? [];
changed[60]?.push(...moved);
changed.splice(40, 1);
changed.splice(80, 0, ['Annex', ...Array.from({ length: 45 }, line)]);

const first = textPagesPdf(original);
const second = textPagesPdf(changed);
const pool = new SandboxPool();
const opts = { pool, tenant: 'bench', maxPages: COMPARE_MAX_PAGES, timeoutMs: 120_000 };

async function compareOnce() {
  const [a, b] = await readAndDraw(first, second, opts);
  return comparePages(a, b);
}

console.log(
  `compare: ${PAGES} + ${changed.length} pages (${Math.round(first.length / 1024)} + ${Math.round(second.length / 1024)} KB), ${pool.size} sandbox workers; ${machineLoad()}`,
);
// Warm-up: the workers start and load pdf.js once, as a running server's have.
await Promise.all([
  comparePagesSandboxed(textPagesPdf([['warm']]), { draw: [1], rasterScale: COMPARE_RASTER_SCALE }, opts),
  comparePagesSandboxed(textPagesPdf([['up']]), { read: true }, opts),
]);
const times: number[] = [];
let summary = '';
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const result = await compareOnce();
  times.push(performance.now() - started);
  const s = result.summary;
  summary = `${s.inserted} inserted, ${s.deleted} deleted, ${s.moved} moved, ${s.changedPages} pages changed, ${s.addedPages} added, ${s.removedPages} removed`;
}
await pool.close();
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `compare of two ${PAGES}-page documents (text + pictures at ${COMPARE_RASTER_SCALE * 72} dpi): median ${Math.round(median)} ms, ` +
    `min ${Math.round(times[0] ?? 0)} ms, max ${Math.round(times.at(-1) ?? 0)} ms over ${RUNS} runs (target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}); ${summary}; ${machineLoad()}`,
);
