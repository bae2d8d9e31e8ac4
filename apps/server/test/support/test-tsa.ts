import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * An RFC 3161 timestamp authority on loopback, as packages/pdf's tests serve one: a throw-away
 * CA and a TSA certificate (EKU timeStamping) made with the openssl CLI, `openssl ts -reply`
 * behind a tiny HTTP handler, and the CA's CRL at the distribution point the TSA certificate
 * names (long-term validation data for the timestamps). `down` makes timestamp requests answer
 * 503, as a TSA outage would.
 */
export interface TestTsa {
  url: string;
  /** The CA the TSA certificate chains to (a trust anchor for the timestamps). */
  caDer: Uint8Array;
  down: boolean;
  close(): Promise<void>;
}

function ossl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startTestTsa(): Promise<TestTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-tsa-'));
  const cnf = join(dir, 'tsa.cnf');
  let counter = 0;
  const tsa: TestTsa = {
    url: '',
    caDer: new Uint8Array(),
    down: false,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/crl') {
        res.writeHead(200, { 'content-type': 'application/pkix-crl' });
        res.end(readFileSync(join(dir, 'crl.der')));
        return;
      }
      if (tsa.down) {
        res.writeHead(503);
        res.end();
        return;
      }
      const id = ++counter;
      const query = join(dir, `q-${id}.tsq`);
      const reply = join(dir, `r-${id}.tsr`);
      writeFileSync(query, Buffer.concat(chunks));
      run('openssl', ['ts', '-reply', '-config', cnf, '-section', 'tsa1', '-queryfile', query, '-out', reply])
        .then(() => {
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          res.end(readFileSync(reply));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tsa.url = `${base}/tsa`;
  writeFileSync(
    cnf,
    `[req]
distinguished_name = dn
[dn]
[ca]
default_ca = testca
[testca]
database = ${dir}/index.txt
certificate = ${dir}/ca.pem
private_key = ${dir}/ca.key
crlnumber = ${dir}/crlnumber
default_md = sha256
default_crl_days = 30
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[tsa_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:${base}/crl
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
  writeFileSync(join(dir, 'tsaserial'), '01\n');
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'crlnumber'), '1000\n');
  ossl(dir, [
    'req',
    '-x509',
    '-config',
    cnf,
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=Signet Test TSA Root/O=Signet Test',
    '-days',
    '3650',
    '-extensions',
    'ca_ext',
  ]);
  ossl(dir, [
    'req',
    '-new',
    '-config',
    cnf,
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    '/CN=Signet Test TSA',
  ]);
  ossl(dir, [
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'tsa.pem',
    '-days',
    '3650',
    '-extfile',
    cnf,
    '-extensions',
    'tsa_ext',
  ]);
  ossl(dir, ['ca', '-config', cnf, '-gencrl', '-out', 'crl.pem']);
  ossl(dir, ['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der']);
  tsa.caDer = pemToDer(readFileSync(join(dir, 'ca.pem'), 'utf8'));
  return tsa;
}

function pemToDer(pem: string): Uint8Array {
  const body = /-----BEGIN [^-]+-----([\s\S]*?)-----END/.exec(pem)?.[1] ?? '';
  return new Uint8Array(Buffer.from(body.replace(/\s/g, ''), 'base64'));
}
