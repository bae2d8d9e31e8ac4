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

/**
 * `openssl ocsp -respin`: the status ('good', 'revoked', 'unknown') an OCSP response gives for
 * `certPem` issued by `issuerPem`, when its signature verifies against `caPem`; else undefined
 * (not about that certificate, or not verifiable).
 */
export function ocspStatusFor(
  response: Uint8Array,
  certPem: string,
  issuerPem: string,
  caPem: string,
): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'signet-ocsp-'));
  try {
    writeFileSync(join(dir, 'resp.der'), response);
    writeFileSync(join(dir, 'cert.pem'), certPem);
    writeFileSync(join(dir, 'issuer.pem'), issuerPem);
    writeFileSync(join(dir, 'ca.pem'), caPem);
    const r = spawnSync(
      'openssl',
      [
        'ocsp',
        '-respin',
        'resp.der',
        '-issuer',
        'issuer.pem',
        '-cert',
        'cert.pem',
        '-CAfile',
        'ca.pem',
        '-no_nonce',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (r.status !== 0 || !/Response verify OK/.test(`${r.stdout}${r.stderr}`)) return undefined;
    return /^cert\.pem: (good|revoked|unknown)/m.exec(r.stdout)?.[1];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl crl`: the CRL's issuer (openssl's one-line form) when its signature verifies against `caPem`. */
export function verifiedCrlIssuer(crl: Uint8Array, caPem: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'signet-crl-'));
  try {
    writeFileSync(join(dir, 'crl.der'), crl);
    writeFileSync(join(dir, 'ca.pem'), caPem);
    const r = spawnSync(
      'openssl',
      ['crl', '-inform', 'DER', '-in', 'crl.der', '-CAfile', 'ca.pem', '-noout', '-issuer'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (r.status !== 0 || !/verify OK/.test(`${r.stdout}${r.stderr}`)) return undefined;
    return /^issuer=(.*)$/m.exec(r.stdout)?.[1]?.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `openssl x509 -issuer`: a certificate's issuer in the same one-line form as `verifiedCrlIssuer`. */
export function certIssuer(certPem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'signet-x509-'));
  try {
    writeFileSync(join(dir, 'cert.pem'), certPem);
    const out = execFileSync('openssl', ['x509', '-in', 'cert.pem', '-noout', '-issuer'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return (/^issuer=(.*)$/m.exec(out)?.[1] ?? '').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The last signature of a PDF found the plain way (the last /ByteRange in the file): the bytes
 * it covers and the DER in its /Contents hole, padding removed by the DER length header.
 */
export function lastSignatureHole(pdf: Uint8Array): {
  byteRange: [number, number, number, number];
  signedData: Buffer;
  contents: Buffer;
} {
  const text = Buffer.from(pdf).toString('latin1');
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const m = all[all.length - 1];
  if (!m) throw new Error('no /ByteRange in the file');
  const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
  const signedData = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = text.slice(a + b + 1, c - 1);
  const raw = Buffer.from(hex, 'hex');
  // DER SEQUENCE: 0x30, then a short or long length.
  const first = raw[1] ?? 0;
  const lenBytes = first & 0x80 ? first & 0x7f : 0;
  const len = lenBytes ? raw.subarray(2, 2 + lenBytes).reduce((n, x) => n * 256 + x, 0) : first;
  return { byteRange: [a, b, c, d], signedData, contents: raw.subarray(0, 2 + lenBytes + len) };
}
