import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isKnownCode } from '@signet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { stampTags } from '../src/appearance/stamp-tags.ts';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { pdftotext, runOn } from './helpers/tools.ts';

// The shared corpus sits beside the repository: /work/main → ../shared/pdf-corpus.
const CORPUS = resolve(import.meta.dirname, '../../../../shared/pdf-corpus');
const present = existsSync(CORPUS);
if (!present) console.warn(`pdf corpus not found at ${CORPUS}: the robustness test is skipped`);

function corpusFiles(): string[] {
  const out: string[] = [];
  for (const d of readdirSync(CORPUS)) {
    const p = join(CORPUS, d);
    if (statSync(p).isDirectory())
      for (const f of readdirSync(p)) if (f.toLowerCase().endsWith('.pdf')) out.push(join(p, f));
  }
  return out.sort();
}

afterAll(closeSandbox);

describe.skipIf(!present)(
  'robustness over the shared PDF corpus (skipped only when the corpus is absent)',
  () => {
    it('ingests or refuses every file with a specific code and message, and stamps every accepted one soundly', async () => {
      const tally = new Map<string, number>();
      const problems: string[] = [];
      const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
      for (const file of corpusFiles()) {
        const label = file.slice(CORPUS.length + 1);
        let result: Awaited<ReturnType<typeof ingestUpload>>;
        try {
          result = await ingestUpload(new Uint8Array(readFileSync(file)));
        } catch (e) {
          if (e instanceof PdfError && isKnownCode(e.code) && e.message.length > 10)
            count(`refused ${e.code}`);
          else problems.push(`${label}: unexpected ${e instanceof Error ? e.stack : String(e)}`);
          continue;
        }
        count(`${result.action}${result.signed ? ' (signed)' : ''}`);
        if (result.pageCount < 1 || result.pages.length !== result.pageCount)
          problems.push(`${label}: bad page list`);
        // The result must be readable by the reader that appends signatures later.
        PdfDocument.open(result.pdf);
        if (result.action !== 'kept') {
          const check = runOn(result.pdf, 'qpdf', (f) => ['--check', f]);
          if (check.status === 2) problems.push(`${label}: rewritten output fails qpdf --check`);
        }
        const page = result.pages[0];
        if (!page) continue;
        try {
          const stamped = stampTags(result.pdf, [
            {
              uuid: 'c',
              type: 'text',
              value: 'Corpus stamp 42',
              pageNumber: 1,
              positionX: page.width / 4,
              positionY: page.height / 3,
              blockWidth: page.width / 2,
              blockHeight: Math.min(24, page.height / 3),
            },
          ]);
          const check = runOn(stamped.pdf, 'qpdf', (f) => ['--check', f]);
          if (check.status === 2) problems.push(`${label}: stamped output fails qpdf --check`);
          if (!pdftotext(stamped.pdf, ['-f', '1', '-l', '1']).includes('Corpus stamp 42'))
            problems.push(`${label}: stamp not readable`);
          count('stamped');
        } catch (e) {
          if (e instanceof PdfError && isKnownCode(e.code)) {
            count(`stamp refused ${e.code}`);
            console.log(`stamp refused: ${label}: ${e.message}`);
          } else problems.push(`${label}: stamp crashed ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      console.log(`corpus tally: ${[...tally].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
      expect(problems).toEqual([]);
    }, 240_000);
  },
);
