/**
 * `npm run bench:signature-photo -w apps/server` (also part of `npm run bench`): the time to clean
 * a 12-megapixel (4000×3000) phone photo of a signature, the use case alone (no HTTP), median of
 * BENCH_PHOTO_RUNS runs after one warm-up, with the share of ink kept and of paper removed. The
 * photo is made as the tests make it (test/support/signature-photo.ts): grain, uneven light, a
 * shadow, a 4° tilt and JPEG compression.
 *
 * Then the same clean-up as the server runs it, in the sandbox pool (default two workers): the
 * time of one call, and how long the server's event loop stalls (largest delay) while
 * BENCH_PHOTO_BURST (default 8) clean-ups of 2400 × 2400 photos from one tenant are under way,
 * beside the same burst run on the server's own threads (as the route did before issue 30).
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SandboxPool } from '@signet/pdf';
import {
  cleanSignaturePhoto,
  findInk,
  WORKING_LONG_SIDE,
} from '../src/domain/users/clean-signature-photo.ts';
import { cleanSignaturePhotoSandboxed } from '../src/domain/users/clean-signature-photo-sandboxed.ts';
import { photographSignature } from '../test/support/signature-photo.ts';

const RUNS = Number(process.env.BENCH_PHOTO_RUNS ?? 5);
const BURST = Number(process.env.BENCH_PHOTO_BURST ?? 8);

const photo = await photographSignature({ width: 4000, height: 3000 });
console.log(
  `12 MP photo: ${(photo.jpeg.length / 1024 / 1024).toFixed(1)} MB JPEG; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
);
await cleanSignaturePhoto(photo.jpeg, '#1a237e');
const times: number[] = [];
let size = '';
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const cleaned = await cleanSignaturePhoto(photo.jpeg, '#1a237e');
  times.push(performance.now() - started);
  size = `${cleaned.width}×${cleaned.height}, ${Math.round((cleaned.image.length * 3) / 4 / 1024)} KB PNG`;
}
times.sort((a, b) => a - b);
// The mask is at working size; the truth is reduced to it for the score.
const mask = await findInk(photo.jpeg);
const sharp = (await import('sharp')).default;
const truth = await sharp(Buffer.from(photo.truth), {
  raw: { width: photo.width, height: photo.height, channels: 1 },
})
  .resize(mask.width, mask.height)
  .extractChannel(0)
  .raw()
  .toBuffer();
let ink = 0;
let kept = 0;
let paper = 0;
let removed = 0;
truth.forEach((v, i) => {
  const found = (mask.alpha[i] as number) >= 128;
  if (v >= 128) {
    ink++;
    if (found) kept++;
  } else {
    paper++;
    if (!found) removed++;
  }
});
console.log(
  `clean-up of a 12 MP photo (worked at ${WORKING_LONG_SIDE} px): median ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms, ` +
    `min ${Math.round(times[0] ?? 0)} ms, max ${Math.round(times.at(-1) ?? 0)} ms over ${RUNS} runs; ` +
    `ink kept ${((kept / ink) * 100).toFixed(2)} %, background removed ${((removed / paper) * 100).toFixed(3)} %; answer ${size}`,
);

// In the sandbox pool, as POST /v1/users/image/removebg runs it.
const pool = new SandboxPool({ maxQueuedPerTenant: BURST });
const square = await photographSignature({ width: 2400, height: 2400 });
await cleanSignaturePhotoSandboxed('bench', square.jpeg, '#1a237e', { sandbox: pool });
const pooled: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  await cleanSignaturePhotoSandboxed('bench', square.jpeg, '#1a237e', { sandbox: pool });
  pooled.push(performance.now() - started);
}
pooled.sort((a, b) => a - b);
// For comparison: the same burst on the server's own threads, as the route ran it before.
const inProcess = monitorEventLoopDelay({ resolution: 10 });
inProcess.enable();
await Promise.all(Array.from({ length: BURST }, () => cleanSignaturePhoto(square.jpeg, '#1a237e')));
inProcess.disable();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const burstStarted = performance.now();
await Promise.all(
  Array.from({ length: BURST }, () =>
    cleanSignaturePhotoSandboxed('bench', square.jpeg, '#1a237e', { sandbox: pool }),
  ),
);
const burstMs = performance.now() - burstStarted;
delay.disable();
await pool.close();
console.log(
  `in the sandbox pool, 2400 × 2400 photo: median ${Math.round(pooled[Math.floor(pooled.length / 2)] ?? 0)} ms over ${RUNS} runs; ` +
    `${BURST} at once from one tenant: done in ${Math.round(burstMs)} ms, server event loop's largest stall ${Math.round(delay.max / 1e6)} ms ` +
    `(the same burst on the server's own threads: ${Math.round(inProcess.max / 1e6)} ms)`,
);
