/**
 * Issue 17 points 2 and 3, measured: how long the server's event loop stalls (and how much its
 * memory grows) while the engine ingests hostile uploads or reads the geometry of a huge page
 * tree (synchronous work: its wall time is the stall). Prints, asserts nothing. `npm run bench:limits -w packages/pdf`; set SIGNET_PDF_SRC to
 * another copy of packages/pdf/src to measure that one (e.g. an older commit, for "before").
 */

import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { contentBombPdf, manyPagesPdf, objectStreamBombPdf } from '../test/hostile-pdfs.ts';

const src = resolve(process.env.SIGNET_PDF_SRC ?? resolve(import.meta.dirname, '../src'));
const { ingestUpload } = await import(`${src}/ingest/ingest.ts`);
const { closeSandbox } = await import(`${src}/ingest/sandbox.ts`);
const { documentGeometry } = await import(`${src}/geometry/read-geometry.ts`);

async function measure(label: string, work: () => unknown): Promise<void> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  h.enable();
  const t0 = performance.now();
  let outcome: string;
  try {
    const r = await work();
    outcome = Array.isArray(r) ? `${r.length} pages` : `accepted (${(r as { action?: string }).action})`;
  } catch (e) {
    outcome = `refused ${(e as { code?: number }).code}: ${(e as Error).message.slice(0, 70)}`;
  }
  const ms = performance.now() - t0;
  // A synchronous stall at the end of the work shows once the next timer fires.
  await new Promise((r) => setTimeout(r, 30));
  h.disable();
  clearInterval(watch);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label.padEnd(42)} | ${ms.toFixed(0).padStart(6)} ms | loop max ${(h.max / 1e6).toFixed(0).padStart(6)} ms | server RSS +${((peak - rss0) / 1024 / 1024).toFixed(0).padStart(4)} MB | ${outcome}`,
  );
}

console.log(`engine: ${src}`);
await measure('upload: object streams 3 × 240 MB (735 KB)', () => ingestUpload(objectStreamBombPdf(240)));
await measure('upload: content stream 1 GiB (1 MB)', () => ingestUpload(contentBombPdf(1024)));
// The old quadratic walk needs minutes for 60,000 pages: SIGNET_BENCH_PAGES=3000,12000 for it.
const sizes = (process.env.SIGNET_BENCH_PAGES ?? '3000,12000,60000').split(',').map(Number);
for (const pages of sizes) {
  const pdf = manyPagesPdf(pages);
  await measure(`geometry of ${pages.toLocaleString('en')} pages, main thread`, () => documentGeometry(pdf));
}
await closeSandbox();
