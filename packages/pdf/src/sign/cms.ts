import { createHash } from 'node:crypto';
import type { CertInfo } from './certificates.ts';
import { type Asn, der, explicit, implicitSet, int, nul, OID, octets, oid, raw, seq, set } from './der.ts';

/**
 * CMS SignedData for PAdES baseline signatures (ETSI EN 319 122-1 / 319 142-1): detached
 * content, signed attributes content-type, message-digest and ESS signing-certificate-v2, and
 * deliberately no signing-time (PAdES carries the claimed time in the signature dictionary's /M).
 */

export function signatureAlgorithmOf(cert: CertInfo): string {
  if (cert.keyType === 'rsa') return OID.rsaEncryption;
  if (cert.keyType === 'ec') return OID.ecdsaSha256;
  throw new Error('Only RSA and ECDSA keys can sign.');
}

/** The DER of the signed attributes as a SET: exactly the bytes the signature is computed over. */
export function signedAttributes(documentDigest: Uint8Array, signer: CertInfo): Uint8Array {
  return der(set(...signedAttributeList(documentDigest, signer)));
}

function signedAttributeList(documentDigest: Uint8Array, signer: CertInfo): Asn[] {
  const certHash = createHash('sha256').update(signer.der).digest();
  // ESSCertIDv2 with the default hash algorithm (SHA-256) omitted, plus issuer and serial.
  const essCertId = seq(
    octets(certHash),
    seq(seq(explicit(4, raw(signer.issuerDer))), raw(signer.serialDer)),
  );
  return [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.messageDigest), set(octets(documentDigest))),
    seq(oid(OID.signingCertificateV2), set(seq(seq(essCertId)))),
  ];
}

export interface CmsParts {
  /** Signer first, then the rest of the chain. */
  certificates: CertInfo[];
  /** DER SET of signed attributes, as returned by `signedAttributes`. */
  signedAttributes: Uint8Array;
  signatureValue: Uint8Array;
  /** RFC 3161 token over the signature value (B-T), as a ContentInfo DER. */
  timestampToken?: Uint8Array;
}

export function buildSignedData(parts: CmsParts): Uint8Array {
  const signer = parts.certificates[0];
  if (!signer) throw new Error('No signer certificate.');
  const sha256 = seq(oid(OID.sha256), nul());
  const sigAlg = signatureAlgorithmOf(signer);
  // The signed attributes are re-tagged [0] IMPLICIT: same content bytes as the SET we signed.
  const attrs = raw(parts.signedAttributes);
  attrs.idBlock.tagClass = 3;
  attrs.idBlock.tagNumber = 0;
  const signerInfo: Asn[] = [
    int(1),
    seq(raw(signer.issuerDer), raw(signer.serialDer)),
    sha256,
    attrs,
    sigAlg === OID.rsaEncryption ? seq(oid(sigAlg), nul()) : seq(oid(sigAlg)),
    octets(parts.signatureValue),
  ];
  if (parts.timestampToken) {
    signerInfo.push(implicitSet(1, seq(oid(OID.timeStampToken), set(raw(parts.timestampToken)))));
  }
  const signedData = seq(
    int(1),
    set(seq(oid(OID.sha256), nul())),
    seq(oid(OID.data)),
    implicitSet(0, ...parts.certificates.map((c) => raw(c.der))),
    set(seq(...signerInfo)),
  );
  return der(seq(oid(OID.signedData), explicit(0, signedData)));
}
