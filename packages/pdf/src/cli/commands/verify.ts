import { readFile } from 'node:fs/promises';
import { pemToDer } from '../../sign/certificates.ts';
import { verifyPdf } from '../../verify/verify-pdf.ts';
import { reportFailure } from './cli-output.ts';
import { parseArgs } from './options.ts';

/** `signet-pdf verify in.pdf [--trust ca.pem]… [--json]`: exit 0 only when every signature is valid. */
export async function run(args: string[]): Promise<number> {
  const anchors: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--trust' && args[i + 1]) anchors.push(args[++i] as string);
    else rest.push(args[i] as string);
  }
  const { positional, flags } = parseArgs(rest, []);
  const json = flags.has('json');
  const [input] = positional;
  if (!input) {
    process.stderr.write('usage: signet-pdf verify <in.pdf> [--trust ca.pem]… [--json]\n');
    return 2;
  }
  try {
    const trust: Uint8Array[] = [];
    for (const a of anchors) {
      const text = await readFile(a);
      const pems = pemToDer(text.toString('latin1'));
      trust.push(...(pems.length ? pems : [text]));
    }
    const report = verifyPdf(await readFile(input), trust);
    if (json) {
      // The certificates' bytes are for callers that ask online, not for the reader.
      const signatures = report.signatures.map(({ signerDer: _s, issuerDer: _i, ...rest }) => rest);
      process.stdout.write(`${JSON.stringify({ ok: report.allValid, ...report, signatures })}\n`);
    } else {
      if (report.signatures.length === 0) process.stdout.write('no signatures\n');
      for (const s of report.signatures) {
        process.stdout.write(
          `${s.fieldName}: ${s.kind} by ${s.signer?.commonName ?? '?'} — ` +
            `${s.signatureValid && s.digestMatches ? 'valid' : 'INVALID'}, ${s.trusted ? 'trusted' : 'untrusted'}, ${s.level}, ` +
            `${s.coversWholeDocument ? 'covers the whole document' : `then: ${s.changesAfter.join('; ')}`}` +
            `${s.timestampTime ? `, timestamped ${s.timestampTime}` : ''}\n`,
        );
        for (const p of s.problems) process.stdout.write(`  - ${p}\n`);
      }
    }
    return report.allValid ? 0 : 1;
  } catch (e) {
    return reportFailure(e, json);
  }
}
