import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  pbkdf2Sync,
  X509Certificate,
} from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import * as asn1js from 'asn1js';
import { PdfError } from '../core/errors.ts';
import { type Asn, children, contentOf, encodedOf, octetsOf, oidOf, parse } from './der.ts';
import { localSigner, type Signer } from './signer.ts';

const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
};
const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const PBE_SHA1_3DES = '1.2.840.113549.1.12.1.3';
const DATA = '1.2.840.113549.1.7.1';
const ENCRYPTED_DATA = '1.2.840.113549.1.7.6';

const CIPHERS: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};
const PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

function wrongPassword(): PdfError {
  return new PdfError(Code.INVALID_CERTIFICATE_PIN, 'The PKCS#12 password is wrong or the file is damaged.');
}

export interface Pkcs12Contents {
  privateKeyPkcs8: Uint8Array;
  /** Signer certificate first (the one matching the key), then the others. */
  certificates: Uint8Array[];
}

/** Reads a PKCS#12 (.p12/.pfx) in JS: PBES2 (AES, PBKDF2) and the legacy SHA-1/3DES scheme. */
export function readPkcs12(bytes: Uint8Array, password: string): Pkcs12Contents {
  let pfx: Asn;
  try {
    pfx = parse(bytes);
  } catch {
    throw new PdfError(Code.INVALID_INPUT, 'The file is not a PKCS#12 key store.');
  }
  const authSafe = children(pfx)[1];
  const authData = octetsOf(children(children(authSafe)[1])[0]);
  if (!authData) throw new PdfError(Code.INVALID_INPUT, 'The PKCS#12 key store is empty.');
  const keys: Uint8Array[] = [];
  const certs: Uint8Array[] = [];
  for (const ci of children(parse(authData))) {
    const type = oidOf(children(ci)[0]);
    const content = children(ci)[1];
    let safeContents: Uint8Array | undefined;
    if (type === DATA) safeContents = octetsOf(children(content)[0]);
    else if (type === ENCRYPTED_DATA) {
      const eci = children(children(children(content)[0])[1] as Asn);
      const alg = eci[1] as Asn;
      const enc = eci[2];
      if (!enc) continue;
      safeContents = decrypt(alg, contentOf(enc), password);
    }
    if (!safeContents) continue;
    for (const bag of children(parse(safeContents))) {
      const id = oidOf(children(bag)[0]);
      const value = children(children(bag)[1])[0];
      if (!value) continue;
      if (id === BAG.key) keys.push(encodedOf(value));
      else if (id === BAG.shroudedKey) {
        const [alg, data] = children(value);
        if (alg && data) keys.push(decrypt(alg, octetsOf(data) ?? new Uint8Array(0), password));
      } else if (id === BAG.cert) {
        const cert = octetsOf(children(children(value)[1])[0]);
        if (cert) certs.push(cert);
      }
    }
  }
  const key = keys[0];
  if (!key) throw new PdfError(Code.NO_CERTIFICATE, 'The PKCS#12 key store holds no private key.');
  const signer = localSignerOrder(key, certs);
  return { privateKeyPkcs8: key, certificates: signer };
}

function localSignerOrder(key: Uint8Array, certs: Uint8Array[]): Uint8Array[] {
  const pub = createPrivateKey({ key: Buffer.from(key), format: 'der', type: 'pkcs8' });
  const mine = createPublicKey(pub).export({ format: 'der', type: 'spki' });
  const idx = certs.findIndex((c) =>
    new X509Certificate(c).publicKey.export({ format: 'der', type: 'spki' }).equals(mine),
  );
  if (idx < 0)
    throw new PdfError(Code.NO_CERTIFICATE, 'The PKCS#12 key store has no certificate for its key.');
  return [certs[idx] as Uint8Array, ...certs.filter((_, i) => i !== idx)];
}

function decrypt(alg: Asn, data: Uint8Array, password: string): Uint8Array {
  const id = oidOf(children(alg)[0]);
  const params = children(alg)[1];
  try {
    if (id === PBES2) {
      const [kdf, scheme] = children(params);
      if (oidOf(children(kdf)[0]) !== PBKDF2)
        throw new PdfError(Code.INVALID_INPUT, 'Unsupported PKCS#12 key derivation.');
      const kp = children(children(kdf)[1]);
      const salt = octetsOf(kp[0]) ?? new Uint8Array(0);
      const iterations = (kp[1] as asn1js.Integer).valueBlock.valueDec;
      const prfAlg = kp.find((x) => x instanceof asn1js.Sequence);
      const prf = PRFS[oidOf(children(prfAlg)[0]) ?? '1.2.840.113549.2.7'] ?? 'sha1';
      const cipher = CIPHERS[oidOf(children(scheme)[0]) ?? ''];
      if (!cipher) throw new PdfError(Code.INVALID_INPUT, 'Unsupported PKCS#12 cipher; export it with AES.');
      const iv = octetsOf(children(scheme)[1]) ?? new Uint8Array(0);
      const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, cipher.keyLength, prf);
      const d = createDecipheriv(cipher.name, key, iv);
      return Buffer.concat([d.update(data), d.final()]);
    }
    if (id === PBE_SHA1_3DES) {
      const [saltEl, iterEl] = children(params);
      const salt = octetsOf(saltEl) ?? new Uint8Array(0);
      const iterations = (iterEl as asn1js.Integer).valueBlock.valueDec;
      const key = pkcs12Kdf(password, salt, iterations, 1, 24);
      const iv = pkcs12Kdf(password, salt, iterations, 2, 8);
      const d = createDecipheriv('des-ede3-cbc', key, iv);
      return Buffer.concat([d.update(data), d.final()]);
    }
  } catch (e) {
    if (e instanceof PdfError) throw e;
    throw wrongPassword();
  }
  throw new PdfError(
    Code.INVALID_INPUT,
    'This PKCS#12 encryption is not supported; export it with AES (PBES2).',
  );
}

/** RFC 7292 appendix B key derivation with SHA-1 (legacy PKCS#12 encryption). */
function pkcs12Kdf(password: string, salt: Uint8Array, iterations: number, id: number, size: number): Buffer {
  const v = 64;
  const pwd = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) pwd.writeUInt16BE(password.charCodeAt(i), i * 2);
  const fill = (b: Uint8Array) => {
    const len = b.length ? v * Math.ceil(b.length / v) : 0;
    const out = Buffer.alloc(len);
    for (let i = 0; i < len; i++) out[i] = b[i % b.length] as number;
    return out;
  };
  let I = Buffer.concat([fill(salt), fill(pwd)]);
  const D = Buffer.alloc(v, id);
  const out: Buffer[] = [];
  let have = 0;
  while (have < size) {
    let A = createHash('sha1').update(D).update(I).digest();
    for (let i = 1; i < iterations; i++) A = createHash('sha1').update(A).digest();
    out.push(A);
    have += A.length;
    const B = fill(A.subarray(0, v)).subarray(0, v);
    const next = Buffer.alloc(I.length);
    for (let j = 0; j < I.length / v; j++) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const x = (I[j * v + k] as number) + (B[k] as number) + carry;
        next[j * v + k] = x & 0xff;
        carry = x >> 8;
      }
    }
    I = next;
  }
  return Buffer.concat(out).subarray(0, size);
}

/** A signer from a PKCS#12 file and its password. */
export function signerFromPkcs12(bytes: Uint8Array, password: string): Signer {
  const p = readPkcs12(bytes, password);
  return localSigner(p.privateKeyPkcs8, p.certificates);
}
