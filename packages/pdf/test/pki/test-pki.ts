import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throw-away PKI made with the openssl CLI: a root CA, RSA and ECDSA signers, a TSA
 * (EKU timeStamping) and an OCSP responder, served over loopback HTTP by `openssl ts -reply`,
 * `openssl ocsp` and a CRL from `openssl ca -gencrl`. Plus an NSS database trusting the CA for pdfsig.
 * `tsaDown` makes timestamp requests answer 503, as a TSA outage would.
 */
export interface TestPki {
  dir: string;
  caPem: string;
  caDer: Uint8Array;
  rsa: TestIdentity;
  /** A second RSA signer: NSS (pdfsig) reports a repeated certificate in one file as an unknown issue. */
  rsa2: TestIdentity;
  ec: TestIdentity;
  tsaUrl: string;
  tsaCertPem: string;
  tsaDown: boolean;
  nssDir: string;
  /** A PKCS#12 of the RSA signer with the CA, password `secret`. */
  rsaP12: string;
  ecP12: string;
  close(): Promise<void>;
}

export interface TestIdentity {
  keyPem: string;
  certPem: string;
  certDer: Uint8Array;
  keyPath: string;
  certPath: string;
}

function ossl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function createTestPki(): Promise<TestPki> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-pki-'));
  const outage = { tsaDown: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (outage.tsaDown && req.url?.startsWith('/tsa')) {
        res.writeHead(503);
        res.end();
        return;
      }
      handle(dir, req.url ?? '', Buffer.concat(chunks))
        .then((body) => {
          const url = req.url ?? '';
          const type = url.startsWith('/ocsp')
            ? 'application/ocsp-response'
            : url.startsWith('/tsa')
              ? 'application/timestamp-reply'
              : 'application/pkix-crl';
          res.writeHead(body ? 200 : 404, { 'content-type': type });
          res.end(body ?? undefined);
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  writeFileSync(
    join(dir, 'ca.cnf'),
    `[ca]
default_ca = testca
[testca]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}/newcerts
certificate = ${dir}/ca.pem
private_key = ${dir}/ca.key
serial = ${dir}/serial
crlnumber = ${dir}/crlnumber
default_md = sha256
default_days = 365
default_crl_days = 30
policy = anything
unique_subject = no
copy_extensions = none
[anything]
commonName = supplied
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[signer_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:${base}/ocsp
crlDistributionPoints = URI:${base}/crl
[tsa_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:${base}/ocsp
crlDistributionPoints = URI:${base}/crl
[ocsp_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,OCSPSigning
noCheck = ignored
[tsa]
default_tsa = tsa1
[tsa1]
dir = ${dir}
serial = ${dir}/tsaserial
signer_cert = ${dir}/tsa.pem
certs = ${dir}/ca.pem
signer_key = ${dir}/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`,
  );
  mkdirSync(join(dir, 'newcerts'));
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(join(dir, 'crlnumber'), '1000\n');
  writeFileSync(join(dir, 'tsaserial'), '01\n');
  const cnf = join(dir, 'ca.cnf');
  ossl(dir, [
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.csr',
    '-subj',
    '/CN=Signet Test Root CA/O=Signet Test',
  ]);
  ossl(dir, [
    'ca',
    '-batch',
    '-config',
    cnf,
    '-selfsign',
    '-keyfile',
    'ca.key',
    '-in',
    'ca.csr',
    '-out',
    'ca.pem',
    '-extensions',
    'ca_ext',
    '-days',
    '3650',
    '-notext',
  ]);
  const issue = (nm: string, keyArgs: string[], cn: string, ext: string) => {
    ossl(dir, [
      'req',
      '-new',
      ...keyArgs,
      '-nodes',
      '-keyout',
      `${nm}.key`,
      '-out',
      `${nm}.csr`,
      '-subj',
      `/CN=${cn}`,
    ]);
    ossl(dir, [
      'ca',
      '-batch',
      '-config',
      cnf,
      '-in',
      `${nm}.csr`,
      '-out',
      `${nm}.pem`,
      '-extensions',
      ext,
      '-notext',
    ]);
  };
  issue('rsa', ['-newkey', 'rsa:2048'], 'Test Signer RSA', 'signer_ext');
  issue('rsa2', ['-newkey', 'rsa:2048'], 'Test Signer Two', 'signer_ext');
  issue('ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], 'Test Signer EC', 'signer_ext');
  issue('tsa', ['-newkey', 'rsa:2048'], 'Test TSA', 'tsa_ext');
  issue('ocsp', ['-newkey', 'rsa:2048'], 'Test OCSP Responder', 'ocsp_ext');
  ossl(dir, ['ca', '-config', cnf, '-gencrl', '-out', 'crl.pem']);
  ossl(dir, ['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der']);
  for (const nm of ['rsa', 'ec']) {
    ossl(dir, [
      'pkcs12',
      '-export',
      '-inkey',
      `${nm}.key`,
      '-in',
      `${nm}.pem`,
      '-certfile',
      'ca.pem',
      '-out',
      `${nm}.p12`,
      '-passout',
      'pass:secret',
    ]);
  }
  const nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  execFileSync('certutil', [
    '-A',
    '-d',
    `sql:${nssDir}`,
    '-n',
    'signet-test-ca',
    '-t',
    'CT,C,C',
    '-i',
    join(dir, 'ca.pem'),
  ]);

  const identity = (nm: string): TestIdentity => {
    const certPem = readFileSync(join(dir, `${nm}.pem`), 'utf8');
    return {
      keyPem: readFileSync(join(dir, `${nm}.key`), 'utf8'),
      certPem,
      certDer: pemDer(certPem),
      keyPath: join(dir, `${nm}.key`),
      certPath: join(dir, `${nm}.pem`),
    };
  };
  const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  return {
    get tsaDown() {
      return outage.tsaDown;
    },
    set tsaDown(down: boolean) {
      outage.tsaDown = down;
    },
    dir,
    caPem,
    caDer: pemDer(caPem),
    rsa: identity('rsa'),
    rsa2: identity('rsa2'),
    ec: identity('ec'),
    tsaUrl: `${base}/tsa`,
    tsaCertPem: readFileSync(join(dir, 'tsa.pem'), 'utf8'),
    nssDir,
    rsaP12: join(dir, 'rsa.p12'),
    ecP12: join(dir, 'ec.p12'),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

async function handle(dir: string, url: string, body: Buffer): Promise<Buffer | undefined> {
  const id = `${process.pid}-${++counter}`;
  if (process.env.PKI_DEBUG) console.error('PKI', url, body.length);
  if (url.startsWith('/tsa')) {
    const q = join(dir, `q-${id}.tsq`);
    const r = join(dir, `r-${id}.tsr`);
    writeFileSync(q, body);
    await run('openssl', [
      'ts',
      '-reply',
      '-config',
      join(dir, 'ca.cnf'),
      '-section',
      'tsa1',
      '-queryfile',
      q,
      '-out',
      r,
    ]);
    return readFileSync(r);
  }
  if (url.startsWith('/ocsp')) {
    const q = join(dir, `q-${id}.ocq`);
    const r = join(dir, `r-${id}.ocr`);
    // RFC 6960 GET puts the base64 request in the path; POST sends it as the body.
    const inPath = decodeURIComponent(url.slice('/ocsp/'.length));
    writeFileSync(q, body.length > 0 ? body : Buffer.from(inPath, 'base64'));
    await run('openssl', [
      'ocsp',
      '-index',
      join(dir, 'index.txt'),
      '-rsigner',
      join(dir, 'ocsp.pem'),
      '-rkey',
      join(dir, 'ocsp.key'),
      '-CA',
      join(dir, 'ca.pem'),
      '-reqin',
      q,
      '-respout',
      r,
      '-ndays',
      '7',
    ]);
    return readFileSync(r);
  }
  if (url.startsWith('/crl')) return readFileSync(join(dir, 'crl.der'));
  return undefined;
}

export function pemDer(pem: string): Uint8Array {
  const m = /-----BEGIN [^-]+-----([\s\S]*?)-----END/.exec(pem);
  return Buffer.from((m?.[1] ?? '').replace(/\s/g, ''), 'base64');
}
