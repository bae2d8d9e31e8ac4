import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A certificate authority made by OpenSSL in a test's folder, and the signing certificates it
 * issues: what a USB token, a remote trust service or a qualified provider holds, and Signet does
 * not. Files stay in `dir`; the caller removes it.
 */
export type KeyKind = 'rsa' | 'ec';

export interface IssuedIdentity {
  keyFile: string;
  keyPem: string;
  certPem: string;
}

export interface OpensslCa {
  caPem: string;
  caDer: Uint8Array;
  /** A leaf certificate for signing (digitalSignature, nonRepudiation). `name` names its files. */
  issue(name: string, commonName: string, key: KeyKind): IssuedIdentity;
  /** The identity with the CA as its chain, as a PKCS#12 file protected by `password`. */
  pkcs12(name: string, password: string): Buffer;
}

const keyArgs = (key: KeyKind) =>
  key === 'rsa' ? ['rsa:2048'] : ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];

export function opensslCa(dir: string, subject: string, key: KeyKind = 'ec'): OpensslCa {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', cwd: dir });
  openssl(
    'req',
    '-x509',
    '-newkey',
    ...keyArgs(key),
    '-nodes',
    '-days',
    '30',
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
    '-subj',
    subject,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  writeFileSync(
    join(dir, 'leaf.ext'),
    'keyUsage=critical,digitalSignature,nonRepudiation\nbasicConstraints=CA:FALSE\n',
  );
  const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  return {
    caPem,
    caDer: new Uint8Array(Buffer.from(caPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')),
    issue(name, commonName, leafKey) {
      openssl(
        'req',
        '-new',
        '-newkey',
        ...keyArgs(leafKey),
        '-nodes',
        '-keyout',
        `${name}-key.pem`,
        '-out',
        `${name}-req.pem`,
        '-subj',
        `/CN=${commonName}`,
      );
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}-req.pem`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca-key.pem',
        '-CAcreateserial',
        '-days',
        '30',
        '-out',
        `${name}.pem`,
        '-extfile',
        'leaf.ext',
      );
      return {
        keyFile: join(dir, `${name}-key.pem`),
        keyPem: readFileSync(join(dir, `${name}-key.pem`), 'utf8'),
        certPem: readFileSync(join(dir, `${name}.pem`), 'utf8'),
      };
    },
    pkcs12(name, password) {
      openssl(
        'pkcs12',
        '-export',
        '-inkey',
        `${name}-key.pem`,
        '-in',
        `${name}.pem`,
        '-certfile',
        'ca.pem',
        '-out',
        `${name}.p12`,
        '-passout',
        `pass:${password}`,
      );
      return readFileSync(join(dir, `${name}.p12`));
    },
  };
}
