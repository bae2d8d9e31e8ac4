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
import { makePdf } from './fixtures.ts';
import { intakeRule, qpdfMake } from './helpers/intake-rule.ts';
import { pdfsig, qpdfCheck } from './pki/judges.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

// The repository root is /work/main; the shared corpus sits beside it.
const CORPUS = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'pdf-corpus');
const present = existsSync(CORPUS);
if (!present)
  console.warn(`intake corpus: ${CORPUS} is absent, only the files made here with qpdf are tested`);

function corpusFiles(): { name: string; bytes: Uint8Array }[] {
  if (!present) return [];
  const out: string[] = [];
  for (const sub of readdirSync(CORPUS, { withFileTypes: true })) {
    if (!sub.isDirectory()) continue;
    for (const f of readdirSync(join(CORPUS, sub.name)))
      if (f.toLowerCase().endsWith('.pdf')) out.push(join(CORPUS, sub.name, f));
  }
  return out
    .sort()
    .map((f) => ({ name: f.slice(CORPUS.length + 1), bytes: new Uint8Array(readFileSync(f)) }));
}

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const bytesOf = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

/** Damaged, encrypted and linearised files made with qpdf and by hand from a clean two-page PDF. */
function madeFiles(): { name: string; bytes: Uint8Array }[] {
  const base = qpdfMake(makePdf(2, { text: 'Intake' }), ['{in}', '{out}']);
  const text = latin1(base);
  const xrefAt = text.lastIndexOf('\nxref\n') + 1;
  const trailerAt = text.indexOf('trailer', xrefAt);
  const objStreams = qpdfMake(base, ['--object-streams=generate', '{in}', '{out}']);
  const os = latin1(objStreams);
  const osData = os.indexOf('stream\n', os.indexOf('/Type /ObjStm')) + 7;
  const brokenObjStream = new Uint8Array(objStreams);
  for (let i = osData + 4; i < osData + 24; i++) brokenObjStream[i] = 0x41;
  // Its last bytes garbled: the objects at the stream's end are damaged, the catalog and pages not.
  const brokenTail = new Uint8Array(objStreams);
  const osEnd = os.indexOf('endstream', osData);
  for (let i = osEnd - 6; i < osEnd - 1; i++) brokenTail[i] = (brokenTail[i] ?? 0) ^ 0xff;
  const encrypt = (user: string, extra: string[], bits = '256') =>
    qpdfMake(base, [
      '--allow-weak-crypto',
      '--encrypt',
      user,
      'owner-secret',
      bits,
      ...extra,
      '--',
      '{in}',
      '{out}',
    ]);
  return [
    { name: 'made/bytes-before-header.pdf', bytes: bytesOf(`Content-Type: application/pdf\r\n\r\n${text}`) },
    {
      name: 'made/xref-damaged.pdf',
      bytes: bytesOf(
        text.slice(0, xrefAt) +
          text.slice(xrefAt, trailerAt).replace(/\d{10} \d{5} [nf]/g, 'zz garbage zz zz') +
          text.slice(trailerAt),
      ),
    },
    { name: 'made/xref-removed.pdf', bytes: bytesOf(text.slice(0, xrefAt) + text.slice(trailerAt)) },
    { name: 'made/no-xref-no-trailer.pdf', bytes: bytesOf(text.slice(0, xrefAt)) },
    {
      name: 'made/wrong-offsets.pdf',
      bytes: bytesOf(text.replace('\n1 0 obj', `\n${'%shifted offsets '.repeat(7)}\n1 0 obj`)),
    },
    { name: 'made/broken-object-stream-head.pdf', bytes: brokenObjStream },
    { name: 'made/broken-object-stream-tail.pdf', bytes: brokenTail },
    { name: 'made/object-streams.pdf', bytes: objStreams },
    { name: 'made/encrypted-empty-user-aes256.pdf', bytes: encrypt('', []) },
    { name: 'made/encrypted-empty-user-rc4-128.pdf', bytes: encrypt('', ['--use-aes=n'], '128') },
    { name: 'made/encrypted-empty-user-aes128.pdf', bytes: encrypt('', ['--use-aes=y'], '128') },
    {
      name: 'made/encrypted-empty-user-no-modify.pdf',
      bytes: encrypt('', ['--modify=none', '--annotate=n', '--form=n']),
    },
    { name: 'made/encrypted-user-password.pdf', bytes: encrypt('user-secret', []) },
    { name: 'made/linearised.pdf', bytes: qpdfMake(base, ['--linearize', '{in}', '{out}']) },
    {
      name: 'made/linearised-encrypted-empty-user.pdf',
      bytes: qpdfMake(encrypt('', []), ['--linearize', '{in}', '{out}']),
    },
  ];
}

/** Ingests, tags and signs twice; answers the problems found (none when both signatures hold). */
async function signTwice(
  bytes: Uint8Array,
  first: Signer,
  second: Signer,
  nssDir: string,
): Promise<string[]> {
  const ingested = await ingestUpload(bytes);
  const up = new IncrementalUpdate(PdfDocument.open(ingested.pdf));
  // Tags sized from the page as a viewer shows it: some corpus pages are a few dozen points wide.
  const page = ingested.pages[0];
  if (!page) return ['ingest returned no page'];
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
  const once = await signPdf(up, first, { field, reason: 'Intake first signer' });
  const twice = await signPdf(once, second, { reason: 'Intake second signer' });
  const ours = (await pdfsig(twice, nssDir)).slice(-2);
  const problems: string[] = [];
  if (ours.length !== 2 || !ours.every((s) => s.valid)) problems.push('a signature is not valid');
  // The test CA is trusted in nssDir, so both of ours must also chain to it.
  if (!ours.every((s) => s.trusted)) problems.push('a signature is not trusted');
  if (!ours[1]?.totalDocumentSigned) problems.push('the last signature does not cover the whole file');
  const q = qpdfCheck(twice);
  if (q && !qpdfCheck(ingested.pdf)) problems.push(`qpdf: ${q.split('\n').slice(-2).join(' ')}`);
  return problems;
}

let pki: TestPki;
let first: Signer;
let second: Signer;

describe('PDF intake: every file a reader opens is accepted and signed twice, or refused by rule', () => {
  beforeAll(async () => {
    pki = await createTestPki();
    first = localSigner(pki.rsa.keyPem, [pki.rsa.certDer, pki.caDer]);
    second = localSigner(pki.ec.keyPem, [pki.ec.certDer, pki.caDer]);
  }, 60_000);
  afterAll(async () => {
    await closeSandbox();
    await pki?.close();
  });

  it('accepts and signs twice every corpus and qpdf-made file that qpdf opens with a page, unless certified against changes or its permissions forbid them', async () => {
    const accepted: string[] = [];
    const refusedByRule: string[] = [];
    const failed: string[] = [];
    const files = [...madeFiles(), ...corpusFiles()];
    for (const { name, bytes } of files) {
      const rule = intakeRule(bytes);
      try {
        const problems = await signTwice(bytes, first, second, pki.nssDir);
        if (problems.length) failed.push(`${name}: ${problems.join('; ')}`);
        // Opening what qpdf cannot is fine; signing past a password or the author's ban is not.
        else if (rule.mayRefuse && rule.why !== 'unreadable')
          failed.push(`${name}: accepted, but the rule says refuse (${rule.why})`);
        else accepted.push(name);
      } catch (e) {
        const coded = e instanceof PdfError && isKnownCode(e.code) && e.code !== -2 && e.message.length > 20;
        if (coded && rule.mayRefuse) refusedByRule.push(`${name}: ${rule.why}: ${e.code} ${e.message}`);
        else if (coded) failed.push(`${name}: refused against the rule: ${e.code} ${e.message}`);
        else failed.push(`${name}: crashed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    console.log(
      `intake: ${files.length} files (${present ? 'corpus + ' : ''}qpdf-made): ${accepted.length} accepted and signed twice, ` +
        `${refusedByRule.length} refused by rule, ${failed.length} failed\n` +
        `refused by rule:\n${refusedByRule.map((f) => `  ${f}`).join('\n')}\n` +
        `failed:\n${failed.map((f) => `  ${f}`).join('\n')}`,
    );
    expect(failed).toEqual([]);
    expect(accepted.length).toBeGreaterThan(0);
  }, 600_000);
});
