import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary NSS database that trusts the given CA certificates (DER), for pdfsig -nssdir. */
export function nssDbTrusting(certificates: readonly Uint8Array[]): { dir: string; close(): void } {
  const root = mkdtempSync(join(tmpdir(), 'signet-nss-'));
  const dir = join(root, 'db');
  execFileSync('mkdir', [dir]);
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  certificates.forEach((der, i) => {
    const file = join(root, `ca-${i}.der`);
    writeFileSync(file, der);
    execFileSync('certutil', [
      '-A',
      '-d',
      `sql:${dir}`,
      '-n',
      `signet-trusted-${i}`,
      '-t',
      'CT,C,C',
      '-i',
      file,
    ]);
  });
  return { dir, close: () => rmSync(root, { recursive: true, force: true }) };
}
