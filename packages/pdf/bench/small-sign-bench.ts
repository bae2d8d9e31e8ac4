import { createHash, createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLoad } from '../../../scripts/machine-load.ts';
import { localSigner, pemToDer, signPdf } from '../src/index.ts';
import { makeBenchKeys } from './bench-keys.ts';
import { generatePdf } from './generate.ts';

const RUNS = Number(process.env.BENCH_SMALL_RUNS ?? 600);
const dir = mkdtempSync(join(tmpdir(), 'signet-small-'));
try {
  generatePdf(join(dir, 'one.pdf'), 1, 2_000);
  const pdf = new Uint8Array(readFileSync(join(dir, 'one.pdf')));
  const { keyFile, certFile } = makeBenchKeys(dir);
  const keyPem = readFileSync(keyFile, 'utf8');
  const signer = localSigner(keyPem, pemToDer(readFileSync(certFile, 'utf8')));

  const rate = async (label: string, once: () => Promise<unknown> | unknown) => {
    for (let i = 0; i < Math.min(50, RUNS); i++) await once();
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await once();
    const ms = (performance.now() - started) / RUNS;
    console.log(
      `${label.padEnd(34)} ${ms.toFixed(2).padStart(7)} ms each  ${Math.round(1000 / ms)
        .toString()
        .padStart(6)} per second`,
    );
    return ms;
  };
  console.log(
    `one-page PDF of ${pdf.length} bytes, ${RUNS} runs after a warm-up, one process (${machineLoad()})`,
  );
  const key = createPrivateKey(keyPem);
  const floor = await rate('floor (SHA-256 + RSA-2048 sign)', () =>
    sign('sha256', createHash('sha256').update(pdf).digest(), key),
  );
  const engine = await rate('signet signPdf (prepare, CMS, write)', () =>
    signPdf(pdf, signer, { reason: 'bench' }),
  );
  console.log(
    `engine ÷ floor: ${(engine / floor).toFixed(1)}×; target ≥ 300 per second: ${1000 / engine >= 300 ? 'met' : 'not met'}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
