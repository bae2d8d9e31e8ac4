import { readFile, writeFile } from 'node:fs/promises';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import { signerFromPkcs12 } from '../../sign/pkcs12.ts';
import { type PadesLevel, type SignatureOptions, signPdf } from '../../sign/sign-pdf.ts';
import { reportFailure } from './cli-output.ts';
import { parseArgs } from './options.ts';

const USAGE =
  'usage: signet-pdf sign <in.pdf> <out.pdf> --p12 <key.p12> --password <pw> [--level B-B|B-T|B-LT|B-LTA] ' +
  '[--tsa URL] [--page N --rect x1,y1,x2,y2] [--name "Signer name"] [--reason R] [--location L] [--certify 1|2|3] [--json]';
const LEVELS: readonly string[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

/** `signet-pdf sign`: one PAdES signature as an incremental update. */
export async function run(args: string[]): Promise<number> {
  const { positional, options, flags } = parseArgs(args, [
    'p12',
    'password',
    'level',
    'tsa',
    'page',
    'rect',
    'reason',
    'location',
    'certify',
    'name',
  ]);
  const json = flags.has('json');
  const [input, output] = positional;
  const p12 = options.get('p12');
  if (!input || !output || !p12) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const level = options.get('level') ?? 'B-B';
    if (!LEVELS.includes(level)) throw new PdfError(Code.INVALID_INPUT, `Unknown level ${level}.`);
    const signer = signerFromPkcs12(await readFile(p12), options.get('password') ?? '');
    const o: SignatureOptions = {
      level: level as PadesLevel,
      reason: options.get('reason'),
      location: options.get('location'),
      signerName: options.get('name'),
    };
    const tsa = options.get('tsa');
    if (tsa) o.tsa = { url: tsa };
    const rect = options.get('rect');
    if (rect) {
      const r = rect.split(',').map(Number);
      if (r.length !== 4 || r.some((n) => !Number.isFinite(n)))
        throw new PdfError(Code.INVALID_INPUT, 'Bad --rect.');
      o.field = {
        page: Math.max(0, Number(options.get('page') ?? '1') - 1),
        rect: r as [number, number, number, number],
      };
    }
    const certify = options.get('certify');
    if (certify) {
      const p = Number(certify);
      if (p !== 1 && p !== 2 && p !== 3) throw new PdfError(Code.INVALID_INPUT, '--certify takes 1, 2 or 3.');
      o.certify = p;
    }
    const signed = await signPdf(await readFile(input), signer, o);
    await writeFile(output, signed);
    if (json) process.stdout.write(`${JSON.stringify({ ok: true, output, bytes: signed.length, level })}\n`);
    else process.stdout.write(`signed (${level}): ${output}\n`);
    return 0;
  } catch (e) {
    return reportFailure(e, json);
  }
}
