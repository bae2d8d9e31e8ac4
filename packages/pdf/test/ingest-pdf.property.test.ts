import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { pdfOf, textPage } from './helpers/fixtures.ts';

afterAll(closeSandbox);

const seed = pdfOf([{ content: textPage('Fuzzed page one') }, { rotate: 90, content: textPage('Two') }]);

describe('damaged PDF uploads', () => {
  it('a PDF with random bytes changed or cut off is accepted as a readable PDF or refused with a code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(seed.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.integer({ min: 20, max: seed.length }),
        async (edits, cut) => {
          const bytes = seed.slice(0, cut);
          for (const [at, v] of edits) if (at >= 8 && at < bytes.length) bytes[at] = v;
          try {
            // libpdf loops forever on a few of these (found here); the sandbox timeout refuses
            // them with -179, so a short timeout keeps this test quick.
            const result = await ingestUpload(bytes, { limits: { parseTimeoutMs: 2_000 } });
            // Whatever was accepted can be read (and later appended to) by the core reader.
            expect(PdfDocument.open(result.pdf)).toBeDefined();
            expect(result.pages.length).toBe(result.pageCount);
          } catch (e) {
            expect(e).toBeInstanceOf(PdfError);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
