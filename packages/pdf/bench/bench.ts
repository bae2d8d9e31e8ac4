/**
 * `npm run bench -w packages/pdf`: signs a 1-page, a 100-page and a ~50 MB / 2,000-page PDF
 * with Signet's engine, @libpdf/core (load + sign) and @signpdf over an incremental
 * @cantoo/pdf-lib placeholder, each run in a fresh process; prints the median time, the peak
 * memory above the process baseline and the ratio to the crypto floor (read, SHA-256, one
 * signature, write). Inputs are generated into a temp dir.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePdf } from './generate.ts';

const dir = mkdtempSync(join(tmpdir(), 'signet-bench-'));
const runs = Number(process.env.BENCH_RUNS ?? 5);
try {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '30',
      '-subj',
      '/CN=Bench Signer',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    [
      'pkcs12',
      '-export',
      '-inkey',
      join(dir, 'key.pem'),
      '-in',
      join(dir, 'cert.pem'),
      '-out',
      join(dir, 'key.p12'),
      '-passout',
      'pass:bench',
    ],
    { stdio: 'ignore' },
  );
  const docs = [
    { label: '1 page', pages: 1, bytes: 2_000 },
    { label: '100 pages', pages: 100, bytes: 400_000 },
    { label: '2,000 pages', pages: 2_000, bytes: 50 * 1024 * 1024 },
  ];
  const engines = ['floor', 'signet', 'libpdf', 'signpdf'];
  generatePdf(join(dir, 'warm-up.pdf'), 2, 4_000);
  const rows: string[] = [];
  for (const d of docs) {
    const input = join(dir, `${d.pages}.pdf`);
    generatePdf(input, d.pages, d.bytes);
    const size = statSync(input).size;
    const medians = new Map<string, { ms: number; mb: number } | string>();
    for (const engine of engines) {
      const times: number[] = [];
      const mems: number[] = [];
      let failure: string | undefined;
      for (let i = 0; i < runs && !failure; i++) {
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
          const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
            ms: number;
            peakAboveBaselineMb: number;
          };
          times.push(r.ms);
          mems.push(r.peakAboveBaselineMb);
        } catch (e) {
          failure = `failed: ${
            String((e as { stderr?: string }).stderr ?? e)
              .split('\n')
              .find((l) => /Error/.test(l)) ?? 'error'
          }`;
        }
      }
      medians.set(engine, failure ?? { ms: median(times), mb: median(mems) });
    }
    const floor = medians.get('floor');
    for (const engine of engines) {
      const m = medians.get(engine);
      const sizeMb = (size / 1048576).toFixed(1);
      if (typeof m === 'string' || !m) rows.push(`| ${d.label} (${sizeMb} MB) | ${engine} | ${m} | | |`);
      else {
        const ratio = typeof floor === 'object' ? (m.ms / floor.ms).toFixed(2) : '?';
        rows.push(
          `| ${d.label} (${sizeMb} MB) | ${engine} | ${m.ms.toFixed(1)} ms | ${m.mb.toFixed(1)} MB | ${ratio}× |`,
        );
      }
    }
  }
  process.stdout.write(
    `runs per cell: ${runs} (median), each in a fresh process after ${process.env.BENCH_WARMUP ?? 20} warm-up signatures\n| document | engine | median time | peak memory above baseline | vs floor |\n|---|---|---|---|---|\n${rows.join('\n')}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}
