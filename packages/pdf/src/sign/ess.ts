import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { CertInfo } from './certificates.ts';
import { type Asn, children, encodedOf, hashOid, OID, octetsOf, oidOf } from './der.ts';

/**
 * One certificate reference of an ESS signing-certificate attribute (RFC 2634 v1: SHA-1 only;
 * RFC 5035 v2: any hash, SHA-256 by default). It binds the signature to one certificate, so a
 * CA that issued a second certificate for the same key cannot be substituted.
 */
export interface EssCertRef {
  version: 1 | 2;
  /** Node hash name of `certHash`; undefined when the algorithm is unknown. */
  hashAlgorithm: string | undefined;
  certHash: Uint8Array;
  /** DER of the issuer Name (from a directoryName) and of the serial INTEGER, when present. */
  issuer?: Uint8Array;
  serial?: Uint8Array;
}

/**
 * The certificate references of a signed-attributes list (the `[0]` or SET element), v2 and v1.
 * Malformed attributes yield no references rather than an exception.
 */
export function essCertRefs(signedAttrs: Asn | undefined): EssCertRef[] {
  const out: EssCertRef[] = [];
  for (const attr of children(signedAttrs)) {
    const id = oidOf(children(attr)[0]);
    const version = id === OID.signingCertificateV2 ? 2 : id === OID.signingCertificate ? 1 : undefined;
    if (!version) continue;
    for (const value of children(children(attr)[1])) {
      for (const certId of children(children(value)[0])) out.push(...certRef(certId, version));
    }
  }
  return out;
}

function certRef(certId: Asn, version: 1 | 2): EssCertRef[] {
  const parts = children(certId);
  let i = 0;
  let hashAlgorithm: string | undefined = 'sha1';
  if (version === 2) {
    hashAlgorithm = 'sha256';
    if (parts[0] instanceof asn1js.Sequence) {
      hashAlgorithm = hashOid(oidOf(children(parts[0])[0]) ?? '');
      i = 1;
    }
  }
  const certHash = octetsOf(parts[i]);
  if (!certHash) return [];
  const ref: EssCertRef = { version, hashAlgorithm, certHash };
  const issuerSerial = parts[i + 1];
  if (issuerSerial instanceof asn1js.Sequence) {
    const [names, serial] = children(issuerSerial);
    const directoryName = children(names).find((n) => n.idBlock.tagClass === 3 && n.idBlock.tagNumber === 4);
    const name = children(directoryName)[0];
    if (name) ref.issuer = encodedOf(name);
    if (serial instanceof asn1js.Integer) ref.serial = encodedOf(serial);
  }
  return [ref];
}

/** Whether a reference names exactly this certificate (hash, and issuer/serial when given). */
export function essRefersTo(ref: EssCertRef, cert: CertInfo): boolean {
  if (!ref.hashAlgorithm) return false;
  const hash = createHash(ref.hashAlgorithm).update(cert.der).digest();
  if (!hash.equals(Buffer.from(ref.certHash))) return false;
  if (ref.serial && !Buffer.from(ref.serial).equals(Buffer.from(cert.serialDer))) return false;
  if (ref.issuer && !Buffer.from(ref.issuer).equals(Buffer.from(cert.issuerDer))) return false;
  return true;
}
