/**
 * `npm run bench -w packages/pdf`: signs a 1-page, a 100-page and a ~50 MB / 2,000-page PDF
 * with Signet's engine, @libpdf/core (load + sign) and @signpdf over an incremental
 * @cantoo/pdf-lib placeholder, each run in a fresh process; prints per document a table of the
 * median time, its ratio to the crypto floor (read, SHA-256, one signature, write), the peak
 * resident memory (maxRSS) and the peak above the process's baseline as a multiple of the file
 * size, then whether Signet's engine meets the targets on the ~50 MB document (≤ 1.5×
 * the floor; < 2× the file size above the baseline). Inputs are generated into a temp dir.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeBenchKeys } from './bench-keys.ts';
import { generatePdf } from './generate.ts';

const dir = mkdtempSync(join(tmpdir(), 'signet-bench-'));
const runs = Number(process.env.BENCH_RUNS ?? 5);
try {
  makeBenchKeys(dir);
  const docs = [
    { label: '1 page', pages: 1, bytes: 2_000 },
    { label: '100 pages', pages: 100, bytes: 400_000 },
    { label: '2,000 pages', pages: 2_000, bytes: 50 * 1024 * 1024 },
  ];
  const engines = ['floor', 'signet', 'libpdf', 'signpdf'];
  generatePdf(join(dir, 'warm-up.pdf'), 2, 4_000);
  const sections: string[] = [];
  let verdict = 'no verdict: the ~50 MB document was not measured';
  for (const d of docs) {
    const input = join(dir, `${d.pages}.pdf`);
    generatePdf(input, d.pages, d.bytes);
    const size = statSync(input).size;
    const cells = new Map<string, Cell | string>();
    for (const engine of engines) cells.set(engine, measure(engine, input, dir, runs));
    const floor = cells.get('floor');
    const rows = engines.map((engine) => {
      const c = cells.get(engine);
      if (typeof c === 'string' || !c) return `| ${engine} | ${c ?? 'not run'} | | | | |`;
      const vsFloor = typeof floor === 'object' ? (c.ms / floor.ms).toFixed(2) : '?';
      const bound = c.peakSetBeforeRun ? '≤ ' : '';
      return `| ${engine} | ${c.ms.toFixed(1)} | ${vsFloor}× | ${mb(c.peakKb * 1024)} | ${bound}${mb(c.aboveKb * 1024)} | ${bound}${((c.aboveKb * 1024) / size).toFixed(2)}× |`;
    });
    sections.push(
      `### ${d.label}, ${mb(size)} MB (${size.toLocaleString('en')} bytes)\n\n` +
        '| engine | median ms | × floor | peak RSS MB | peak above baseline MB | above baseline ÷ file size |\n' +
        `|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n`,
    );
    const signet = cells.get('signet');
    if (d.pages === 2_000 && typeof signet === 'object' && typeof floor === 'object') {
      const timeRatio = signet.ms / floor.ms;
      const memRatio = (signet.aboveKb * 1024) / size;
      const timeOk = timeRatio <= 1.5;
      const memOk = memRatio < 2;
      verdict =
        `Signet on the ${mb(size)} MB document: ${timeRatio.toFixed(2)}× the crypto floor ` +
        `(target ≤ 1.5×: ${timeOk ? 'met' : 'MISSED'}), ${memRatio.toFixed(2)}× the file size above the ` +
        `baseline (target < 2×: ${memOk ? 'met' : 'MISSED'}) — ${timeOk && memOk ? 'meets both targets' : 'does NOT meet the targets'}.`;
    }
  }
  process.stdout.write(
    `runs per cell: ${runs} (median time, median memory), each in a fresh process after ` +
      `${process.env.BENCH_WARMUP ?? 20} warm-up signatures of a small file; memory is the process's ` +
      'maxRSS (kernel high-water mark) minus its RSS just before reading the input ' +
      '("≤": the warm-up had already set the mark, so the figure is an upper bound)\n\n' +
      `${sections.join('\n')}\n${verdict}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

interface Cell {
  ms: number;
  peakKb: number;
  aboveKb: number;
  peakSetBeforeRun: boolean;
}

interface RunResult {
  ms: number;
  baselineKb: number;
  peakKb: number;
  peakBeforeRunKb: number;
}

/** `runs` fresh processes of one engine on one file; medians, or why it failed. */
function measure(engine: string, input: string, dir: string, runs: number): Cell | string {
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      const out = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          join(import.meta.dirname, 'run-one.ts'),
          engine,
          input,
          join(dir, `out-${engine}.pdf`),
          dir,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 20 },
      );
      results.push(JSON.parse(out.trim().split('\n').pop() ?? '{}') as RunResult);
    } catch (e) {
      return `failed: ${
        String((e as { stderr?: string }).stderr ?? e)
          .split('\n')
          .find((l) => /Error/.test(l)) ?? 'error'
      }`;
    }
  }
  return {
    ms: median(results.map((r) => r.ms)),
    peakKb: median(results.map((r) => r.peakKb)),
    aboveKb: median(results.map((r) => r.peakKb - r.baselineKb)),
    peakSetBeforeRun: results.filter((r) => r.peakKb <= r.peakBeforeRunKb).length * 2 > results.length,
  };
}

function mb(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}
