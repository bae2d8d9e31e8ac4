import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isKnownCode } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTagsToUpdate } from '../src/appearance/stamp-tags.ts';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { IncrementalUpdate } from '../src/core/incremental-update.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner, type Signer } from '../src/sign/signer.ts';
import { pdfsig, qpdfCheck } from './pki/judges.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

// The repository root is /work/main; the shared corpus sits beside it.
const CORPUS = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'pdf-corpus');
const present = existsSync(CORPUS);
if (!present) console.warn(`corpus robustness test skipped: ${CORPUS} is absent`);

function corpusFiles(): string[] {
  const out: string[] = [];
  for (const sub of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!sub.isDirectory()) continue;
    for (const f of readdirSync(join(CORPUS, sub.name)))
      if (f.endsWith('.pdf')) out.push(join(CORPUS, sub.name, f));
  }
  return out.sort();
}

let pki: TestPki;
let first: Signer;
let second: Signer;

describe.skipIf(!present)('corpus robustness (skipped only when the corpus folder is absent)', () => {
  beforeAll(async () => {
    pki = await createTestPki();
    first = localSigner(pki.rsa.keyPem, [pki.rsa.certDer, pki.caDer]);
    second = localSigner(pki.ec.keyPem, [pki.ec.certDer, pki.caDer]);
  }, 60_000);
  afterAll(async () => {
    await closeSandbox();
    await pki?.close();
  });

  it('every corpus file is ingested, stamped and signed twice with both signatures valid, or refused with a specific code', async () => {
    const tally = {
      signedTwice: 0,
      refused: new Map<string, number>(),
      refusedFiles: [] as string[],
      failures: [] as string[],
    };
    for (const file of corpusFiles()) {
      const name = file.slice(CORPUS.length + 1);
      try {
        const ingested = await ingestUpload(readFileSync(file));
        const up = new IncrementalUpdate(PdfDocument.open(ingested.pdf));
        // Tags sized from the page as a viewer shows it: some corpus pages are a few dozen
        // points wide, where any fixed-size tag would lie outside the page.
        const page = ingested.pages[0];
        if (!page) throw new Error('ingest returned no page');
        const x = page.width * 0.05;
        const w = page.width * 0.9;
        const tags = [
          {
            uuid: 'name',
            type: 'username',
            value: 'Corpus Tester',
            pageNumber: 1,
            positionX: x,
            positionY: page.height * 0.05,
            blockWidth: w,
            blockHeight: Math.min(18, page.height * 0.2),
          },
          {
            uuid: 'sig',
            type: 'signature',
            value: 'Corpus Tester',
            pageNumber: 1,
            positionX: x,
            positionY: page.height * 0.3,
            blockWidth: w,
            blockHeight: Math.min(40, page.height * 0.5),
          },
        ];
        const { signature } = addTagsToUpdate(up, tags, { signatureTagUuid: 'sig' });
        const field = signature
          ? { page: signature.pageIndex, rect: signature.rect, appearance: signature.appearance }
          : undefined;
        const once = await signPdf(up, first, { field, reason: 'Corpus first signer' });
        const twice = await signPdf(once, second, { reason: 'Corpus second signer' });
        const judged = await pdfsig(twice, pki.nssDir);
        const ours = judged.slice(-2);
        const problems: string[] = [];
        if (ours.length !== 2 || !ours.every((s) => s.valid)) problems.push('a signature is not valid');
        // The test CA is trusted in pki.nssDir, so both of ours must also chain to it.
        if (!ours.every((s) => s.trusted)) problems.push('a signature is not trusted');
        if (!ours[1]?.totalDocumentSigned) problems.push('the last signature does not cover the whole file');
        const q = qpdfCheck(twice);
        if (q && !qpdfCheck(ingested.pdf)) problems.push(`qpdf: ${q.split('\n').slice(-2).join(' ')}`);
        if (problems.length) tally.failures.push(`${name}: ${problems.join('; ')}`);
        else tally.signedTwice++;
      } catch (e) {
        if (e instanceof PdfError && isKnownCode(e.code) && e.code !== -2) {
          const key = `${e.code}`;
          tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
          tally.refusedFiles.push(`${name}: ${e.code} ${e.message}`);
        } else tally.failures.push(`${name}: crashed: ${(e as Error).message}`);
      }
    }
    const refused = [...tally.refused].map(([c, n]) => `${n} × code ${c}`).join(', ');
    console.log(
      `corpus: ${tally.signedTwice} signed twice (both valid and trusted), refused: ${refused || 'none'}, failures: ${tally.failures.length}\n` +
        tally.failures.map((f) => `  ${f}`).join('\n'),
    );
    console.log(`refused:\n${tally.refusedFiles.map((f) => `  ${f}`).join('\n')}`);
    expect(tally.failures).toEqual([]);
  }, 600_000);
});
