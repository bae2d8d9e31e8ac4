import { createHash } from 'node:crypto';
import type { CertInfo } from './certificates.ts';
import { OID } from './der.ts';
import { D_NULL, D_ONE, dContext, dOctets, dOid, dSeq, dSet } from './der-writer.ts';

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
  const certHash = createHash('sha256').update(signer.der).digest();
  // ESSCertIDv2 with the default hash algorithm (SHA-256) omitted, plus issuer and serial.
  const essCertId = dSeq(dOctets(certHash), dSeq(dSeq(dContext(4, signer.issuerDer)), signer.serialDer));
  return dSet(
    dSeq(dOid(OID.contentType), dSet(dOid(OID.data))),
    dSeq(dOid(OID.messageDigest), dSet(dOctets(documentDigest))),
    dSeq(dOid(OID.signingCertificateV2), dSet(dSeq(dSeq(essCertId)))),
  );
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
  const sha256 = dSeq(dOid(OID.sha256), D_NULL);
  const sigAlg = signatureAlgorithmOf(signer);
  // The signed attributes are re-tagged [0] IMPLICIT: same length and content as the SET we signed.
  const attrs = parts.signedAttributes.slice();
  attrs[0] = 0xa0;
  const signerInfo: Uint8Array[] = [
    D_ONE,
    dSeq(signer.issuerDer, signer.serialDer),
    sha256,
    attrs,
    sigAlg === OID.rsaEncryption ? dSeq(dOid(sigAlg), D_NULL) : dSeq(dOid(sigAlg)),
    dOctets(parts.signatureValue),
  ];
  if (parts.timestampToken) {
    signerInfo.push(dContext(1, dSeq(dOid(OID.timeStampToken), dSet(parts.timestampToken))));
  }
  const signedData = dSeq(
    D_ONE,
    dSet(sha256),
    dSeq(dOid(OID.data)),
    dContext(0, ...parts.certificates.map((c) => c.der)),
    dSet(dSeq(...signerInfo)),
  );
  return dSeq(dOid(OID.signedData), dContext(0, signedData));
}
