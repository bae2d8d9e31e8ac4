import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A self-signed RSA-2048 signer for the benchmarks, made by openssl in `dir`: `key.pem`,
 * `cert.pem` and `key.p12` (password `bench`).
 */
export function makeBenchKeys(dir: string): { keyFile: string; certFile: string; p12File: string } {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const p12File = join(dir, 'key.p12');
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile].concat([
      '-days',
      '30',
      '-subj',
      '/CN=Bench Signer',
    ]),
  );
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    keyFile,
    '-in',
    certFile,
    '-out',
    p12File,
    '-passout',
    'pass:bench',
  ]);
  return { keyFile, certFile, p12File };
}
