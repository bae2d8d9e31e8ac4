/**
 * `npm run bench:signature-photo -w apps/server` (also part of `npm run bench`): the time to clean
 * a 12-megapixel (4000×3000) phone photo of a signature, the use case alone (no HTTP), median of
 * BENCH_PHOTO_RUNS runs after one warm-up, with the share of ink kept and of paper removed. The
 * photo is made as the tests make it (test/support/signature-photo.ts): grain, uneven light, a
 * shadow, a 4° tilt and JPEG compression.
 */
import { cpus, loadavg } from 'node:os';
import {
  cleanSignaturePhoto,
  findInk,
  WORKING_LONG_SIDE,
} from '../src/domain/users/clean-signature-photo.ts';
import { photographSignature } from '../test/support/signature-photo.ts';

const RUNS = Number(process.env.BENCH_PHOTO_RUNS ?? 5);

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
