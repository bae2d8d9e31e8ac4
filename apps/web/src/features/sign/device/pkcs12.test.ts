import { execFileSync } from 'node:child_process';
import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceKeyError } from './device-key.ts';
import { signSignedAttributes } from './device-signer.ts';
import { openPkcs12 } from './pkcs12.ts';

/**
 * The files are made by OpenSSL at test time, as a signer would export them from their token's
 * software: a root CA, an intermediate CA under it, and one RSA and one EC leaf under that.
 */
const PASSWORD = 'token pin 1234';
let dir = '';
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
const file = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
const pem = (name: string) => readFileSync(join(dir, name), 'utf8');
const fingerprint = (certPem: string) => new X509Certificate(certPem).fingerprint256;

function issue(name: string, keyArgs: string[], subject: string, issuer: string, ext: string) {
  openssl(
    'req',
    '-new',
    ...keyArgs,
    '-nodes',
    '-keyout',
    `${name}-key.pem`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  );
  writeFileSync(join(dir, `${name}.ext`), ext);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${issuer}.pem`,
    '-CAkey',
    `${issuer}-key.pem`,
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  );
}

function exportP12(out: string, leaf: string, ...extra: string[]) {
  // The CA certificates go in root first, so the module has to put them in issuing order itself.
  const certfile = join(dir, 'cas.pem');
  writeFileSync(certfile, pem('root.pem') + pem('inter.pem'));
  openssl(
    'pkcs12',
    '-export',
    '-inkey',
    `${leaf}-key.pem`,
    '-in',
    `${leaf}.pem`,
    '-certfile',
    certfile,
    '-passout',
    `pass:${PASSWORD}`,
    '-out',
    out,
    ...extra,
  );
}

const caExt = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n';
const leafExt = 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n';
const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];

beforeAll(() => {
  // Vitest's jsdom environment swaps in jsdom's ArrayBuffer and Uint8Array, and Node's WebCrypto
  // refuses buffers from that other realm (a browser has one realm). The web project's setup file
  // needs a window, so the node environment is not an option: put Node's own back instead.
  vi.stubGlobal('ArrayBuffer', Buffer.alloc(0).buffer.constructor);
  vi.stubGlobal('Uint8Array', Object.getPrototypeOf(Buffer));
  dir = mkdtempSync(join(tmpdir(), 'signet-p12-'));
  openssl(
    'req',
    '-x509',
    ...ec,
    '-nodes',
    '-days',
    '30',
    '-keyout',
    'root-key.pem',
    '-out',
    'root.pem',
    '-subj',
    '/CN=Test Root CA/O=Signet Tests',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  issue('inter', ec, '/CN=Test Issuing CA/O=Signet Tests', 'root', caExt);
  issue('rsa', ['-newkey', 'rsa:2048'], '/CN=Riya RSA Signer/O=Signet Tests', 'inter', leafExt);
  issue('ec', ec, '/CN=Esha EC Signer/O=Signet Tests', 'inter', leafExt);
  exportP12('rsa.p12', 'rsa');
  exportP12('ec.p12', 'ec');
  exportP12('legacy.p12', 'rsa', '-legacy');
  exportP12('nomac.p12', 'ec', '-nomac');
  openssl(
    'pkcs12',
    '-export',
    '-nokeys',
    '-in',
    'root.pem',
    '-passout',
    `pass:${PASSWORD}`,
    '-out',
    'certs.p12',
  );
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
  rmSync(dir, { recursive: true, force: true });
});

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeviceKeyError);
  return (error as DeviceKeyError).code;
}

describe('openPkcs12', () => {
  it('opens an RSA file made with OpenSSL 3 defaults, leaf first and then its issuers in order', async () => {
    const key = await openPkcs12(file('rsa.p12'), PASSWORD);
    expect(key.algorithm).toBe('RSA');
    expect(key.certificates.map(fingerprint)).toEqual(
      ['rsa.pem', 'inter.pem', 'root.pem'].map((n) => fingerprint(pem(n))),
    );
    expect(key.subject).toBe('Riya RSA Signer');
    expect(key.notAfter).toEqual(new Date(new X509Certificate(pem('rsa.pem')).validTo));
  });

  it('opens an EC P-256 file the same way', async () => {
    const key = await openPkcs12(file('ec.p12'), PASSWORD);
    expect(key.algorithm).toBe('ECDSA');
    expect(key.certificates.map(fingerprint)).toEqual(
      ['ec.pem', 'inter.pem', 'root.pem'].map((n) => fingerprint(pem(n))),
    );
    expect(key.subject).toBe('Esha EC Signer');
  });

  it('imports the key as non-extractable and usable only for signing', async () => {
    const key = await openPkcs12(file('ec.p12'), PASSWORD);
    expect(key.privateKey.extractable).toBe(false);
    expect(key.privateKey.usages).toEqual(['sign']);
    expect(key.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
  });

  it('opens a file without a MAC when the password decrypts it', async () => {
    const key = await openPkcs12(file('nomac.p12'), PASSWORD);
    expect(key.certificates.map(fingerprint)[0]).toBe(fingerprint(pem('ec.pem')));
  });

  it('refuses a wrong password with wrongPassword', async () => {
    expect(await errorCode(openPkcs12(file('rsa.p12'), 'not the pin'))).toBe('wrongPassword');
  });

  it('refuses a wrong password with wrongPassword even when the file has no MAC', async () => {
    expect(await errorCode(openPkcs12(file('nomac.p12'), 'not the pin'))).toBe('wrongPassword');
  });

  it('refuses a -legacy (3DES / RC2) file as unsupported once its MAC proves the password', async () => {
    expect(await errorCode(openPkcs12(file('legacy.p12'), PASSWORD))).toBe('unsupported');
    expect(await errorCode(openPkcs12(file('legacy.p12'), 'not the pin'))).toBe('wrongPassword');
  });

  it('reports noKey for a file that holds certificates but no private key', async () => {
    expect(await errorCode(openPkcs12(file('certs.p12'), PASSWORD))).toBe('noKey');
  });

  it('rejects bytes that are not a PKCS#12 file with invalidFile', async () => {
    expect(await errorCode(openPkcs12(new Uint8Array(randomBytes(512)), PASSWORD))).toBe('invalidFile');
    expect(await errorCode(openPkcs12(file('rsa.pem'), PASSWORD))).toBe('invalidFile');
  });
});

describe('signSignedAttributes', () => {
  const signedAttributes = randomBytes(300);

  it('signs with RSA PKCS#1 v1.5 / SHA-256 so that the leaf certificate verifies it', async () => {
    const key = await openPkcs12(file('rsa.p12'), PASSWORD);
    const signature = await signSignedAttributes(key, signedAttributes.toString('base64'));
    const publicKey = new X509Certificate(pem('rsa.pem')).publicKey;
    expect(verify('sha256', signedAttributes, publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    expect(verify('sha256', randomBytes(300), publicKey, Buffer.from(signature, 'base64'))).toBe(false);
  });

  it('signs with ECDSA / SHA-256 as raw r‖s that the leaf certificate verifies', async () => {
    const key = await openPkcs12(file('ec.p12'), PASSWORD);
    const signature = Buffer.from(
      await signSignedAttributes(key, signedAttributes.toString('base64')),
      'base64',
    );
    const publicKey = new X509Certificate(pem('ec.pem')).publicKey;
    expect(signature).toHaveLength(64);
    expect(verify('sha256', signedAttributes, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(
      true,
    );
  });
});
