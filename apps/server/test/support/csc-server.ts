import { execFileSync } from 'node:child_process';
import {
  constants,
  createPrivateKey,
  privateEncrypt,
  randomBytes,
  timingSafeEqual,
  X509Certificate,
} from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { opensslCa } from '@signet/pdf/testing';

/**
 * A remote signing service on loopback speaking the Cloud Signature Consortium API v2, as a
 * qualified trust service would: OAuth 2.0 client credentials at /oauth2/token, then
 * credentials/list, credentials/info, credentials/authorize (PIN, optional OTP → SAD bound to the
 * hashes) and signatures/signHash (SAD checked, used once). Keys and certificates come from a
 * test CA of its own; the PIN locks after three wrong tries.
 */

export interface CscUser {
  email: string;
  pin: string;
  key: 'rsa' | 'ec';
  /** When set, authorising also needs this one-time code. */
  otp?: string;
}

interface Credential {
  id: string;
  user: CscUser;
  keyFile: string;
  keyPem: string;
  leafPem: string;
  chain: string[];
  wrongPins: number;
}

export interface CscCall {
  path: string;
  body: Record<string, unknown>;
  status: number;
}

const SHA256 = '2.16.840.1.101.3.4.2.1';
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
export const CSC_PIN_TRIES = 3;

function pemBody(pem: string): string {
  return pem.replace(/-----[A-Z ]+-----|\s/g, '');
}

export async function startCscServer(users: CscUser[]) {
  const dir = mkdtempSync(join(tmpdir(), 'signet-csc-'));
  const ca = opensslCa(dir, '/CN=Test Trust Service CA/O=Remote Signing Test');
  const caPem = ca.caPem;
  const credentials = new Map<string, Credential>();
  for (const [i, user] of users.entries()) {
    const leaf = ca.issue(
      `credential${i}`,
      `${user.email} (remote)/O=Remote Signing Test`,
      user.key === 'rsa' ? 'rsa' : 'ec',
    );
    const leafPem = leaf.certPem;
    const id = `cred-${i + 1}-${randomBytes(4).toString('hex')}`;
    credentials.set(id, {
      id,
      user,
      keyFile: leaf.keyFile,
      keyPem: leaf.keyPem,
      leafPem,
      chain: [pemBody(leafPem), pemBody(caPem)],
      wrongPins: 0,
    });
  }

  const clientId = 'signet-test';
  const clientSecret = randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const sads = new Map<string, { credentialId: string; hashes: string[]; used: boolean }>();
  const calls: CscCall[] = [];

  function signHash(c: Credential, hash: Buffer): string {
    if (c.user.key === 'rsa') {
      return privateEncrypt(
        { key: createPrivateKey(c.keyPem), padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, hash]),
      ).toString('base64');
    }
    // Node signs only messages; pkeyutl signs a digest as it is (DER ECDSA).
    return execFileSync('openssl', ['pkeyutl', '-sign', '-inkey', c.keyFile], { input: hash }).toString(
      'base64',
    );
  }

  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  type Answer = [number, Record<string, unknown>];
  const refuse = (status: number, error: string, description: string): Answer => [
    status,
    { error, error_description: description },
  ];

  function handle(path: string, body: Record<string, unknown>, bearer: string | null): Answer {
    if (path === '/oauth2/token') {
      if (body.grant_type !== 'client_credentials') return refuse(400, 'unsupported_grant_type', 'grant');
      if (body.client_id !== clientId || !same(String(body.client_secret ?? ''), clientSecret))
        return refuse(401, 'invalid_client', 'Unknown client');
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return [200, { access_token: token, token_type: 'Bearer', expires_in: 3600 }];
    }
    if (!bearer || !tokens.has(bearer)) return refuse(401, 'invalid_token', 'The access token is not valid');
    const credential = credentials.get(String(body.credentialID ?? ''));
    switch (path) {
      case '/csc/v2/credentials/list': {
        if (typeof body.userID !== 'string') return refuse(400, 'invalid_request', 'Missing userID');
        const ids = [...credentials.values()].filter((c) => c.user.email === body.userID).map((c) => c.id);
        return [200, { credentialIDs: ids }];
      }
      case '/csc/v2/credentials/info': {
        if (!credential) return refuse(400, 'invalid_request', 'Invalid parameter credentialID');
        const x = new X509Certificate(credential.leafPem);
        const objects = [
          { type: 'Password', id: 'PIN', format: 'N', label: 'Signing PIN' },
          ...(credential.user.otp
            ? [{ type: 'Password', id: 'OTP', format: 'N', label: 'One-time code' }]
            : []),
        ];
        return [
          200,
          {
            key: {
              status: credential.wrongPins >= CSC_PIN_TRIES ? 'disabled' : 'enabled',
              algo: credential.user.key === 'rsa' ? ['1.2.840.113549.1.1.11'] : ['1.2.840.10045.4.3.2'],
              len: credential.user.key === 'rsa' ? 2048 : 256,
            },
            cert: {
              status: 'valid',
              certificates: body.certificates === 'chain' ? credential.chain : credential.chain.slice(0, 1),
              issuerDN: x.issuer,
              subjectDN: x.subject,
              serialNumber: x.serialNumber,
              validFrom: x.validFrom,
              validTo: x.validTo,
            },
            auth: { mode: 'explicit', expression: objects.map((o) => o.id).join(' AND '), objects },
            SCAL: '2',
            multisign: 1,
          },
        ];
      }
      case '/csc/v2/credentials/authorize': {
        if (!credential) return refuse(400, 'invalid_request', 'Invalid parameter credentialID');
        const hashes = body.hashes;
        if (!Array.isArray(hashes) || hashes.length === 0 || hashes.length !== body.numSignatures)
          return refuse(400, 'invalid_request', 'Invalid parameter hashes');
        if (body.hashAlgorithmOID !== SHA256) return refuse(400, 'invalid_request', 'Unsupported hash');
        if (credential.wrongPins >= CSC_PIN_TRIES) return refuse(400, 'access_denied', 'The PIN is locked');
        const factors = new Map(
          (Array.isArray(body.authData) ? (body.authData as { id: string; value: string }[]) : []).map(
            (f) => [f.id, String(f.value)],
          ),
        );
        if (!same(factors.get('PIN') ?? '', credential.user.pin)) {
          credential.wrongPins++;
          return refuse(400, 'invalid_pin', 'The PIN is invalid');
        }
        credential.wrongPins = 0;
        if (credential.user.otp && !same(factors.get('OTP') ?? '', credential.user.otp))
          return refuse(400, 'invalid_otp', 'The OTP is invalid');
        const sad = randomBytes(24).toString('base64url');
        sads.set(sad, { credentialId: credential.id, hashes: hashes.map(String), used: false });
        return [200, { SAD: sad, expiresIn: 300 }];
      }
      case '/csc/v2/signatures/signHash': {
        if (!credential) return refuse(400, 'invalid_request', 'Invalid parameter credentialID');
        const sad = sads.get(String(body.SAD ?? ''));
        const hashes = Array.isArray(body.hashes) ? body.hashes.map(String) : [];
        if (!sad || sad.used || sad.credentialId !== credential.id)
          return refuse(400, 'invalid_request', 'Invalid parameter SAD');
        // SCAL2: only the hashes the user authorised.
        if (hashes.join() !== sad.hashes.join())
          return refuse(400, 'invalid_request', 'The hashes were not authorised');
        if (body.hashAlgorithmOID !== SHA256 || typeof body.signAlgo !== 'string')
          return refuse(400, 'invalid_request', 'Invalid parameter signAlgo');
        sad.used = true;
        return [200, { signatures: hashes.map((h) => signHash(credential, Buffer.from(h, 'base64'))) }];
      }
      default:
        return refuse(404, 'invalid_request', `No method ${path}`);
    }
  }

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readBody(req)
      .then((body) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const auth = req.headers.authorization ?? '';
        const [status, answer] =
          req.method === 'POST'
            ? handle(path, body, auth.startsWith('Bearer ') ? auth.slice(7) : null)
            : refuse(405, 'invalid_request', 'POST only');
        calls.push({ path, body, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      })
      .catch(() => res.writeHead(400).end('{"error":"invalid_request"}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    caPem,
    calls,
    /** The credential (and its certificate) a user holds here. */
    credentialOf(email: string) {
      const c = [...credentials.values()].find((x) => x.user.email === email);
      if (!c) throw new Error(`no credential for ${email}`);
      return { id: c.id, certificate: new X509Certificate(c.leafPem), wrongPins: c.wrongPins };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type CscServer = Awaited<ReturnType<typeof startCscServer>>;
