import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { VerifyResult } from '@signet/contracts';
import { localSigner, signPdf } from '@signet/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samplePdf } from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * `/public/verify` asks online when a file proves no revocation status (issue 15): a CA made here
 * with openssl issues signer certificates whose AIA and CDP name a loopback OCSP responder
 * (`openssl ocsp`) and CRL server; each certificate's addresses name its scenario in the path
 * (`/ocsp/up`, `/ocsp/down` answering 503, `/ocsp/hang` never answering, `/ocsp/forged`, `/crl/up`,
 * `/crl/down`). The PDFs are signed without
 * revocation data. Loopback is opened for this server only by its installation allow-list
 * (`SIGNET_OUTBOUND_ALLOW`), as an operator would for an on-premises CA.
 */

const run = promisify(execFile);

let dir = '';
let responder: Server;
let base = '';
const requests: string[] = [];
let t: TestServer;

const ossl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
const pemDer = (pem: string) => Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

/** The OCSP answer `openssl ocsp` gives, signed by the CA or, for `/ocsp/forged`, by a stranger. */
async function ocspAnswer(request: Buffer, forged: boolean): Promise<Buffer> {
  const id = `${requests.length}-${Math.random().toString(36).slice(2)}`;
  const q = join(dir, `q-${id}.der`);
  const r = join(dir, `r-${id}.der`);
  writeFileSync(q, request);
  const signer = forged ? 'stranger' : 'ca';
  await run(
    'openssl',
    [
      'ocsp',
      '-index',
      'index.txt',
      '-rsigner',
      `${signer}.pem`,
      '-rkey',
      `${signer}.key`,
      '-CA',
      'ca.pem',
      '-reqin',
      q,
      '-respout',
      r,
      '-ndays',
      '1',
    ],
    { cwd: dir },
  );
  return readFileSync(r);
}

function issue(name: string, ocsp: string, crl: string): { key: string; cert: Buffer } {
  writeFileSync(
    join(dir, `${name}.ext`),
    [
      'basicConstraints = critical,CA:FALSE',
      'keyUsage = critical,digitalSignature,nonRepudiation',
      `authorityInfoAccess = OCSP;URI:${base}/ocsp/${ocsp}`,
      `crlDistributionPoints = URI:${base}/crl/${crl}`,
      '',
    ].join('\n'),
  );
  ossl(
    'req',
    '-new',
    ...ecKey,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=Online ${name}`,
  );
  ossl(
    'ca',
    '-batch',
    '-config',
    'ca.cnf',
    '-in',
    `${name}.csr`,
    '-out',
    `${name}.pem`,
    '-extfile',
    `${name}.ext`,
    '-notext',
  );
  return {
    key: readFileSync(join(dir, `${name}.key`), 'utf8'),
    cert: pemDer(readFileSync(join(dir, `${name}.pem`), 'utf8')),
  };
}

const pdfs = new Map<string, Uint8Array>();

async function signedBy(name: string, ocsp: string, crl: string): Promise<void> {
  const { key, cert } = issue(name, ocsp, crl);
  const caDer = pemDer(readFileSync(join(dir, 'ca.pem'), 'utf8'));
  pdfs.set(name, await signPdf(samplePdf(`Online ${name}`, 1), localSigner(key, [cert, caDer])));
}

function verifyCall(server: TestServer, name: string) {
  const { body, contentType } = multipart([{ name: `${name}.pdf`, bytes: pdfs.get(name) as Uint8Array }], {});
  return server.call<VerifyResult>('POST', '/public/verify', {
    body,
    headers: { 'content-type': contentType },
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signet-online-revocation-'));
  responder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push(path);
      if (path.endsWith('/hang')) return;
      if (path.endsWith('/down')) {
        res.writeHead(503);
        res.end();
        return;
      }
      const answer = path.startsWith('/ocsp/')
        ? ocspAnswer(Buffer.concat(chunks), path === '/ocsp/forged')
        : Promise.resolve(readFileSync(join(dir, 'crl.der')));
      answer.then(
        (body) => {
          res.writeHead(200, {
            'content-type': path.startsWith('/ocsp/') ? 'application/ocsp-response' : 'application/pkix-crl',
          });
          res.end(body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => responder.listen(0, '127.0.0.1', resolve));
  const address = responder.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(join(dir, 'crlnumber'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    `[ca]
default_ca = own
[own]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}
serial = ${dir}/serial
crlnumber = ${dir}/crlnumber
certificate = ${dir}/ca.pem
private_key = ${dir}/ca.key
default_md = sha256
default_days = 30
default_crl_days = 7
policy = any
unique_subject = no
[any]
commonName = supplied
`,
  );
  ossl(
    'req',
    '-x509',
    ...ecKey,
    '-days',
    '30',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=Online Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  ossl(
    'req',
    '-x509',
    ...ecKey,
    '-days',
    '30',
    '-keyout',
    'stranger.key',
    '-out',
    'stranger.pem',
    '-subj',
    '/CN=Stranger',
  );
  await signedBy('good', 'up', 'up');
  await signedBy('revoked', 'up', 'up');
  await signedBy('crl', 'down', 'up');
  await signedBy('nowhere', 'down', 'down');
  await signedBy('forged', 'forged', 'down');
  await signedBy('silent', 'hang', 'down');
  ossl('ca', '-config', 'ca.cnf', '-revoke', 'revoked.pem');
  ossl('ca', '-config', 'ca.cnf', '-gencrl', '-out', 'crl.pem');
  ossl('crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der');
  // The CA is a root this installation trusts, so that only revocation can lower a verdict.
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: '127.0.0.1', SIGNET_TRUST_LIST: join(dir, 'ca.pem') });
}, 120_000);

afterAll(async () => {
  await t?.close();
  responder?.closeAllConnections();
  await new Promise((resolve) => responder?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('POST /public/verify asks online when the file proves no revocation status', () => {
  it('a good certificate is reported good, asked online of its OCSP responder, and the verdict stays valid', async () => {
    const res = await verifyCall(t, 'good');
    expect(res.code, res.message).toBe(1);
    const [s] = res.data.signatures;
    expect(s?.trusted).toBe(true);
    expect(s?.revocation).toMatchObject({
      status: 'good',
      source: 'OCSP',
      origin: 'fetched',
      revokedAt: null,
    });
    expect(s?.revocation?.producedAt).not.toBeNull();
    expect(s?.problems).toEqual([]);
    expect(res.data.verdict).toBe('valid');
  });

  it('a revoked certificate is reported revoked, with its revocation time, and the verdict is a warning', async () => {
    const res = await verifyCall(t, 'revoked');
    const [s] = res.data.signatures;
    expect(s?.revocation).toMatchObject({ status: 'revoked', source: 'OCSP', origin: 'fetched' });
    expect(s?.revocation?.revokedAt).not.toBeNull();
    expect(s?.problems).toContain('The signer certificate is revoked.');
    expect(res.data.verdict).toBe('warning');
  });

  it('when the OCSP responder is down, the CRL is fetched and decides', async () => {
    const res = await verifyCall(t, 'crl');
    const [s] = res.data.signatures;
    expect(requests).toContain('/ocsp/down');
    expect(s?.revocation).toMatchObject({ status: 'good', source: 'CRL', origin: 'fetched' });
    expect(res.data.verdict).toBe('valid');
  });

  it('when both are down, revocation stays unknown and a problem line says why', async () => {
    const res = await verifyCall(t, 'nowhere');
    const [s] = res.data.signatures;
    expect(s?.revocation).toBeNull();
    const line = s?.problems.find((p) => p.startsWith('Revocation could not be checked online: '));
    expect(line).toContain(`${base}/ocsp/down: it answered HTTP 503`);
    expect(line).toContain(`${base}/crl/down: it answered HTTP 503`);
  });

  it('an OCSP answer signed by another key is ignored', async () => {
    const res = await verifyCall(t, 'forged');
    const [s] = res.data.signatures;
    expect(requests).toContain('/ocsp/forged');
    expect(s?.revocation).toBeNull();
    expect(s?.problems.join(' ')).toContain('not signed by its issuer');
  });

  it('a responder that does not answer is given up after its few seconds, and the line says so', async () => {
    const res = await verifyCall(t, 'silent');
    const [s] = res.data.signatures;
    expect(s?.revocation).toBeNull();
    expect(s?.problems.join(' ')).toContain(`${base}/ocsp/hang: no answer within 3 s`);
  });

  it("the verification report PDF names the online origin in the reader's language", async () => {
    const { body, contentType } = multipart([{ name: 'good.pdf', bytes: pdfs.get('good') as Uint8Array }]);
    for (const [language, words] of [
      ['en', "asked online of the issuer's OCSP responder / CRL"],
      ['fr-FR', 'demandée en ligne au répondeur OCSP'],
      ['hi', 'ऑनलाइन पूछा गया'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/msbapi/public/verify/report',
        payload: body,
        headers: { 'content-type': contentType, 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      expect(pdfText(new Uint8Array(res.rawPayload)).replace(/\s+/g, ' '), language).toContain(words);
    }
  });

  it('a second verification of the same file is answered from the cache, without asking again', async () => {
    const before = requests.filter((r) => r === '/ocsp/up').length;
    const res = await verifyCall(t, 'good');
    expect(res.data.signatures[0]?.revocation).toMatchObject({ status: 'good', origin: 'fetched' });
    expect(requests.filter((r) => r === '/ocsp/up').length).toBe(before);
  });
});

describe('without the installation allow-list, or with VERIFY_FETCH_REVOCATION=0', () => {
  let plain: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ SIGNET_TRUST_LIST: join(dir, 'ca.pem') });
    off = await startTestServer({
      SIGNET_OUTBOUND_ALLOW: '127.0.0.1',
      SIGNET_TRUST_LIST: join(dir, 'ca.pem'),
      VERIFY_FETCH_REVOCATION: '0',
    });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await off?.close();
  });

  it('a loopback responder is refused before any connection, and the problem line says so', async () => {
    const before = requests.length;
    const res = await verifyCall(plain, 'crl');
    const [s] = res.data.signatures;
    expect(s?.revocation).toBeNull();
    expect(s?.problems.join(' ')).toContain('its address is not one this service may call');
    expect(requests.length).toBe(before);
  });

  it('turned off, nothing is asked and nothing is said', async () => {
    const before = requests.length;
    const res = await verifyCall(off, 'nowhere');
    const [s] = res.data.signatures;
    expect(s?.revocation).toBeNull();
    expect(s?.problems).toEqual([]);
    expect(requests.length).toBe(before);
  });
});
