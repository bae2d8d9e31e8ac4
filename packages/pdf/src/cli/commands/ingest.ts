import { readFile, writeFile } from 'node:fs/promises';
import { ingestUpload } from '../../ingest/ingest.ts';
import { closeSandbox } from '../../ingest/sandbox.ts';
import { reportFailure, splitFlags } from './cli-output.ts';

const USAGE = 'usage: signet-pdf ingest <upload> <out.pdf> [--json]';

/** `signet-pdf ingest any-upload.docx out.pdf`: the upload as a PDF we can sign, or a refusal. */
export async function run(args: string[]): Promise<number> {
  const { positional, json } = splitFlags(args);
  const [input, output] = positional;
  if (!input || !output) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const result = await ingestUpload(new Uint8Array(await readFile(input)));
    await writeFile(output, result.pdf);
    const summary = {
      ok: true,
      sourceType: result.sourceType,
      action: result.action,
      signed: result.signed,
      pageCount: result.pageCount,
      bytes: result.pdf.length,
      pages: result.pages,
    };
    if (json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(
        `${output}: ${result.pageCount} page(s) from ${result.sourceType} (${result.action}${result.signed ? ', already signed' : ''})\n`,
      );
    }
    return 0;
  } catch (e) {
    return reportFailure(e, json);
  } finally {
    await closeSandbox();
  }
}
