import { readFile } from 'node:fs/promises';
import { PdfDocument } from '../../core/document.ts';
import { pageCount } from '../../core/pages.ts';
import { findSignatures } from '../../verify/find-signatures.ts';
import { reportFailure } from './cli-output.ts';
import { parseArgs } from './options.ts';

/** `signet-pdf info in.pdf [--json]`: structure facts read without parsing pages. */
export async function run(args: string[]): Promise<number> {
  const { positional, flags } = parseArgs(args, []);
  const json = flags.has('json');
  const [input] = positional;
  if (!input) {
    process.stderr.write('usage: signet-pdf info <in.pdf> [--json]\n');
    return 2;
  }
  try {
    const bytes = await readFile(input);
    const doc = PdfDocument.open(bytes);
    const sigs = findSignatures(doc);
    const info = {
      ok: true,
      bytes: bytes.length,
      pages: pageCount(doc),
      xref: doc.xref.kind,
      revisions: doc.xref.sections.length,
      objects: doc.size,
      encrypted: !!doc.encryption,
      signatures: sigs.map((s) => ({
        field: s.fieldName,
        kind: s.kind,
        subFilter: s.subFilter,
        byteRange: s.byteRange,
      })),
    };
    if (json) process.stdout.write(`${JSON.stringify(info)}\n`);
    else {
      process.stdout.write(
        `${input}: ${info.pages} page(s), ${info.bytes} bytes, ${info.revisions} revision(s), xref ${info.xref}` +
          `${info.encrypted ? ', encrypted' : ''}, ${sigs.length} signature(s)\n`,
      );
      for (const s of info.signatures) process.stdout.write(`  ${s.field}: ${s.kind} ${s.subFilter}\n`);
    }
    return 0;
  } catch (e) {
    return reportFailure(e, json);
  }
}
