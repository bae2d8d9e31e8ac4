import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfError } from '../src/core/errors.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { bmpOf, gifOf, pngOf, tiffOf } from './helpers/fixtures.ts';

afterAll(closeSandbox);

const pixel = (x: number, y: number): [number, number, number, number] => [x * 20, y * 20, 90, 255];
const SEEDS: Record<string, Uint8Array> = {
  png: pngOf(12, 9, pixel),
  bmp: bmpOf(12, 9, pixel),
  gif: gifOf(
    12,
    9,
    [
      [0, 0, 0],
      [255, 255, 255],
    ],
    (x, y) => (x + y) % 2,
  ),
  tiff: tiffOf(12, 9, pixel),
};

// Found by this test: corrupted TIFFs drove the TIFF decoder to exhaust the heap, which is why
// uploaded images are decoded in the sandbox worker.
describe('image uploads that are damaged', () => {
  it.each(Object.keys(SEEDS))(
    'a corrupted %s becomes a page or is refused with a code, and never takes the process down',
    async (kind) => {
      const seed = SEEDS[kind] as Uint8Array;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(seed.length - 1), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 12,
          }),
          fc.nat(seed.length),
          async (edits, cut) => {
            const bytes = seed.slice(0, Math.max(8, cut));
            // Keep the signature so detection still picks this format's decoder.
            for (const [at, v] of edits) if (at >= 8 && at < bytes.length) bytes[at] = v;
            try {
              const result = await ingestUpload(bytes, {
                limits: { workerHeapMb: 256, parseTimeoutMs: 20_000 },
              });
              expect(result.pageCount).toBeGreaterThan(0);
            } catch (e) {
              expect(e).toBeInstanceOf(PdfError);
            }
          },
        ),
        { numRuns: 150 },
      );
    },
    120_000,
  );
});
