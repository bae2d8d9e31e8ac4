import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PdfsigSignature {
  index: number;
  fieldName: string;
  type: string;
  valid: boolean;
  trusted: boolean;
  totalDocumentSigned: boolean;
  text: string;
}

/**
 * Runs pdfsig (exit status says nothing) and parses its text per signature. Asynchronous on
 * purpose: NSS asks the test OCSP responder, which lives in this process.
 */
export async function pdfsig(pdf: Uint8Array, nssDir: string): Promise<PdfsigSignature[]> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-judge-'));
  try {
    const f = join(dir, 'in.pdf');
    writeFileSync(f, pdf);
    const r = await run('pdfsig', ['-nssdir', nssDir, f], { encoding: 'utf8', timeout: 60_000 });
    const text = `${r.stdout}`;
    return text
      .split(/^Signature #/m)
      .slice(1)
      .map((block, i) => ({
        index: i + 1,
        fieldName: /Signature Field Name: (.*)/.exec(block)?.[1] ?? '',
        type: /Signature Type: (.*)/.exec(block)?.[1] ?? '',
        valid: block.includes('Signature is Valid'),
        trusted: block.includes('Certificate is Trusted'),
        totalDocumentSigned:
          block.includes('Total document signed') && !block.includes('Not total document signed'),
        text: block,
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: undefined when clean, else its complaint. */
export function qpdfCheck(pdf: Uint8Array, password?: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'signet-qpdf-'));
  try {
    const f = join(dir, 'in.pdf');
    writeFileSync(f, pdf);
    const args = ['--check', f];
    if (password !== undefined) args.unshift(`--password=${password}`);
    const r = spawnSync('qpdf', args, { encoding: 'utf8' });
    const out = `${r.stdout}${r.stderr}`;
    if (r.status === 0 && !/WARNING/.test(out)) return undefined;
    return out.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl ts -verify` of a token over data, against the CA and the TSA certificate. */
export function verifyTimestampToken(
  token: Uint8Array,
  data: Uint8Array,
  caPem: string,
  tsaPem: string,
): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'signet-ts-'));
  try {
    writeFileSync(join(dir, 'token.der'), token);
    writeFileSync(join(dir, 'data.bin'), data);
    writeFileSync(join(dir, 'ca.pem'), caPem);
    writeFileSync(join(dir, 'tsa.pem'), tsaPem);
    execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-token_in',
        '-in',
        'token.der',
        '-data',
        'data.bin',
        '-CAfile',
        'ca.pem',
        '-untrusted',
        'tsa.pem',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
