import { createHash, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { type Asn, children, encodedOf, OID, octetsOf, oidOf, parse } from './der.ts';

/** What signing and verification need from one X.509 certificate. */
export interface CertInfo {
  der: Uint8Array;
  x509: X509Certificate;
  /** DER of the issuer Name and of the serial INTEGER, as written in the certificate. */
  issuerDer: Uint8Array;
  serialDer: Uint8Array;
  subjectDer: Uint8Array;
  keyType: 'rsa' | 'ec' | 'other';
  commonName: string;
  ocspUrls: string[];
  crlUrls: string[];
  /** SHA-1 of the subjectPublicKey bits (for OCSP CertID issuerKeyHash). */
  keyHashSha1: Uint8Array;
  /** The subjectPublicKey bits (OCSP CertIDs may hash them with other algorithms). */
  publicKeyBits: Uint8Array;
  /** Subject key identifier extension, when present (a CMS may name its signer by it). */
  subjectKeyId?: Uint8Array;
}

/**
 * Parsed certificates by the very byte array they came from: a signer signs many documents with
 * the same certificate arrays (bulk sign), and parsing a chain costs ~5 ms each time. Keyed by
 * identity, so a copy is parsed again; certificate bytes are never changed in place.
 */
const parsed = new WeakMap<Uint8Array, CertInfo>();

export function certInfo(der: Uint8Array): CertInfo {
  let info = parsed.get(der);
  if (!info) {
    info = parseCertificate(der);
    parsed.set(der, info);
  }
  return info;
}

function parseCertificate(der: Uint8Array): CertInfo {
  const x509 = new X509Certificate(der);
  const cert = parse(der);
  const tbs = children(cert)[0];
  const fields = children(tbs);
  let i = 0;
  if (fields[0]?.idBlock.tagClass === 3 && fields[0].idBlock.tagNumber === 0) i = 1;
  const serial = fields[i] as Asn;
  const issuer = fields[i + 2] as Asn;
  const subject = fields[i + 4] as Asn;
  const spki = fields[i + 5] as Asn;
  const keyAlg = oidOf(children(children(spki)[0])[0]);
  const bits = children(spki)[1];
  const keyBits =
    bits instanceof asn1js.BitString ? new Uint8Array(bits.valueBlock.valueHexView) : new Uint8Array(0);
  const extensions = fields.find((f) => f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 3);
  const ocspUrls: string[] = [];
  const crlUrls: string[] = [];
  let subjectKeyId: Uint8Array | undefined;
  for (const ext of children(children(extensions)[0])) {
    const parts = children(ext);
    const id = oidOf(parts[0]);
    const value = octetsOf(parts[parts.length - 1]);
    if (!value) continue;
    if (id === '2.5.29.14') subjectKeyId = octetsOf(parse(value));
    if (id === '2.5.29.31') crlUrls.push(...uris(parse(value)));
    if (id === '1.3.6.1.5.5.7.1.1') {
      for (const ad of children(parse(value))) {
        const [method, location] = children(ad);
        if (oidOf(method) === '1.3.6.1.5.5.7.48.1' && location) ocspUrls.push(...uris(location));
      }
    }
  }
  return {
    der,
    x509,
    issuerDer: encodedOf(issuer),
    serialDer: encodedOf(serial),
    subjectDer: encodedOf(subject),
    keyType: keyAlg === OID.rsaEncryption ? 'rsa' : keyAlg === OID.ecPublicKey ? 'ec' : 'other',
    commonName: /(?:^|\n)CN=([^\n]*)/.exec(x509.subject)?.[1] ?? x509.subject,
    ocspUrls,
    crlUrls,
    keyHashSha1: createHash('sha1').update(keyBits).digest(),
    publicKeyBits: keyBits,
    subjectKeyId,
  };
}

/** Every uniformResourceIdentifier ([6] IA5String) inside a GeneralNames structure. */
function uris(el: Asn, depth = 0): string[] {
  if (depth > 8) return [];
  if (el.idBlock.tagClass === 3 && el.idBlock.tagNumber === 6 && !el.idBlock.isConstructed) {
    const v = (el as asn1js.Primitive).valueBlock.valueHexView;
    return [Buffer.from(v).toString('latin1')];
  }
  return children(el).flatMap((c) => uris(c, depth + 1));
}

/** Orders certificates from the signer up to the root, using issuer/subject and signature checks. */
export function buildChain(leaf: CertInfo, pool: CertInfo[], max = 10): CertInfo[] {
  const chain = [leaf];
  let cur = leaf;
  for (let i = 0; i < max; i++) {
    if (cur.x509.issuer === cur.x509.subject && cur.x509.checkIssued(cur.x509)) break;
    const issuer = pool.find(
      (c) =>
        c !== cur && !chain.includes(c) && cur.x509.checkIssued(c.x509) && cur.x509.verify(c.x509.publicKey),
    );
    if (!issuer) break;
    chain.push(issuer);
    cur = issuer;
  }
  return chain;
}

export function pemToDer(pem: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const m of pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)) {
    out.push(Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64'));
  }
  return out;
}
