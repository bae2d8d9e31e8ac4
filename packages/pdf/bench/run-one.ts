/**
 * One measured run in a fresh process: `run-one.ts <engine> <in.pdf> <out.pdf> <dir>`.
 * Prints JSON {ms, baselineKb, peakKb, peakBeforeRunKb}. Key material is in <dir> (key.pem, cert.pem, key.p12).
 */
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [engine, input, output, dir] = process.argv.slice(2) as [string, string, string, string];
const keyPem = readFileSync(join(dir, 'key.pem'), 'utf8');
const certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
const p12 = readFileSync(join(dir, 'key.p12'));

// Load every engine's code before the baseline so imports do not count as work.
const signet = await import('../src/index.ts');
const libpdf = await import('@libpdf/core');
const cantoo = await import('@cantoo/pdf-lib');
const signpdfMod = await import('@signpdf/signpdf');
const p12SignerMod = await import('@signpdf/signer-p12');

async function run(input: string, output: string): Promise<void> {
  switch (engine) {
    case 'floor': {
      const bytes = readFileSync(input);
      const digest = createHash('sha256').update(bytes).digest();
      const sig = sign('sha256', digest, createPrivateKey(keyPem));
      writeFileSync(output, bytes);
      appendFileSync(output, sig);
      break;
    }
    case 'signet': {
      const bytes = readFileSync(input);
      const certs = signet.pemToDer(certPem);
      const parts = await signet.signPdfToParts(bytes, signet.localSigner(keyPem, certs), {
        reason: 'bench',
      });
      writeFileSync(output, parts[0]);
      appendFileSync(output, parts[1]);
      break;
    }
    case 'libpdf': {
      const bytes = readFileSync(input);
      const pdf = await libpdf.PDF.load(bytes);
      const signer = await libpdf.P12Signer.create(p12, 'bench');
      const result = await pdf.sign({ signer, reason: 'bench' });
      writeFileSync(output, result.bytes);
      break;
    }
    case 'signpdf': {
      // The placeholder is built with @cantoo/pdf-lib's own classes (the @signpdf placeholder
      // helper imports upstream pdf-lib, whose objects cannot be mixed with the fork's).
      const bytes = readFileSync(input);
      const { PDFDocument, PDFName, PDFNumber, PDFHexString, PDFString, PDFArray } = cantoo;
      const doc = await PDFDocument.load(bytes, { forIncrementalUpdate: true } as never);
      const snapshot = doc.takeSnapshot();
      const ctx = doc.context;
      const byteRange = PDFArray.withContext(ctx);
      byteRange.push(PDFNumber.of(0));
      for (let i = 0; i < 3; i++) byteRange.push(PDFName.of('**********'));
      const sig = ctx.obj({
        Type: 'Sig',
        Filter: 'Adobe.PPKLite',
        SubFilter: 'adbe.pkcs7.detached',
        ByteRange: byteRange,
        Contents: PDFHexString.of('0'.repeat(16384)),
        Reason: PDFString.of('bench'),
        M: PDFString.fromDate(new Date()),
      });
      const sigRef = ctx.register(sig);
      const page = doc.getPage(0);
      const widgetRef = ctx.register(
        ctx.obj({
          Type: 'Annot',
          Subtype: 'Widget',
          FT: 'Sig',
          Rect: [0, 0, 0, 0],
          V: sigRef,
          T: PDFString.of('Signature1'),
          F: 4,
          P: page.ref,
        }),
      );
      page.node.set(PDFName.of('Annots'), ctx.obj([widgetRef]));
      doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ SigFlags: 3, Fields: [widgetRef] }));
      snapshot.markRefsForSave([page.ref, ctx.trailerInfo.Root as never]);
      const update = await doc.saveIncremental(snapshot);
      const withPlaceholder = Buffer.concat([bytes, update]);
      const signed = await new signpdfMod.SignPdf().sign(
        withPlaceholder,
        new p12SignerMod.P12Signer(p12, { passphrase: 'bench' }),
      );
      writeFileSync(output, signed);
      break;
    }
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

// A server signs many documents in one process: warm-up signatures (of a separate small file)
// take first-call costs — JIT, lazy crypto set-up — out of the measured run, which then shows the
// steady state. BENCH_WARMUP=0 measures a cold process.
const warmUps = Number(process.env.BENCH_WARMUP ?? 20);
for (let i = 0; i < warmUps; i++) await run(join(dir, 'warm-up.pdf'), join(dir, `warm-up-${engine}.pdf`));

// Peak memory is the kernel's high-water mark of this process's resident set
// (`resourceUsage().maxRSS`, kB): it sees every allocation, including ones made inside one
// synchronous call, which a timer on this same thread never could. The baseline is the resident
// set just before the input is read; `peakBeforeRunKb` says whether the imports or warm-ups had
// already set a higher mark (then the figure is an upper bound for the measured run).
const peakBeforeRunKb = process.resourceUsage().maxRSS;
const baselineKb = process.memoryUsage().rss / 1024;

const start = performance.now();
await run(input, output);
const ms = performance.now() - start;
const peakKb = process.resourceUsage().maxRSS;
process.stdout.write(`${JSON.stringify({ ms, baselineKb, peakKb, peakBeforeRunKb })}\n`);
