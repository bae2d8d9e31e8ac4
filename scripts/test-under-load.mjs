#!/usr/bin/env node
// `npm run test:under-load`: the whole suite, several times in a row, with processes beside it
// that keep every core busy, as a shared CI runner or a developer's laptop often is. A suite that
// waits for events instead of time passes here as it does on a quiet machine.
//
//   RUNS=3 BURNERS=2 npm run test:under-load [-- vitest arguments]
//
// Each run's verdict and time are printed, then one line per run; the exit code is the worst run's.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

const runs = Number(process.env.RUNS ?? 3);
const burners = Number(process.env.BURNERS ?? cpus().length);
const extra = process.argv.slice(2);

/** A process that spins one core until it is killed. */
function burner() {
  return spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
}

function runSuite() {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['test', '--', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      // Vitest's own summary lines, without their colour codes.
      const plain = stripVTControlCharacters(tail);
      const summary = plain.match(/Tests\s+([^\n]*)/)?.[1]?.trim() ?? 'no summary';
      resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), summary });
    });
  });
}

const load = Array.from({ length: burners }, burner);
const stopLoad = () => {
  for (const b of load) b.kill('SIGKILL');
};
process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});

const results = [];
try {
  for (let i = 1; i <= runs; i += 1) {
    console.log(`\n== run ${i} of ${runs}, ${burners} busy processes beside it`);
    results.push(await runSuite());
  }
} finally {
  stopLoad();
}
console.log('\n== under load');
for (const [i, r] of results.entries())
  console.log(
    `run ${i + 1}: exit ${r.code} in ${Math.floor(r.seconds / 60)} min ${r.seconds % 60} s — ${r.summary}`,
  );
process.exit(Math.max(...results.map((r) => r.code)));
