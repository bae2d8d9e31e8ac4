import { createHash, verify as nodeVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { CertInfo } from '../sign/certificates.ts';
import { children, encodedOf, hashOid, OID, octetsOf, oidOf, parse } from '../sign/der.ts';

/**
 * Reading the validation data of a Document Security Store: which certificates its OCSP
 * responses and CRLs speak about. A signature is long-term (B-LT) only when the DSS holds
 * revocation data for its own chain, not merely because some DSS sits after it.
 */

/** One SingleResponse's CertID: the certificate an OCSP answer is about. */
export interface OcspCertId {
  hashAlgorithm: string | undefined;
  issuerNameHash: Uint8Array;
  issuerKeyHash: Uint8Array;
  /** DER of the serial INTEGER. */
  serial: Uint8Array;
}

export interface CrlSummary {
  /** DER of the issuer Name. */
  issuer: Uint8Array;
  tbs: Uint8Array;
  signatureAlgorithm: string;
  signature: Uint8Array;
}

/** The CertIDs answered by an OCSP response (RFC 6960 BasicOCSPResponse); [] when unreadable. */
export function ocspCertIds(response: Uint8Array): OcspCertId[] {
  try {
    const [status, responseBytes] = children(parse(response));
    if (!(status instanceof asn1js.Enumerated) || status.valueBlock.valueDec !== 0) return [];
    const [type, octets] = children(children(responseBytes)[0]);
    if (oidOf(type) !== OID.ocspBasic) return [];
    const basic = octetsOf(octets);
    if (!basic) return [];
    const tbs = children(parse(basic))[0];
    // version [0], responderID [1]/[2] and producedAt come first; responses is the first SEQUENCE.
    const responses = children(tbs).find((c) => c instanceof asn1js.Sequence);
    return children(responses).flatMap((single) => {
      const [alg, nameHash, keyHash, serial] = children(children(single)[0]);
      const issuerNameHash = octetsOf(nameHash);
      const issuerKeyHash = octetsOf(keyHash);
      if (!issuerNameHash || !issuerKeyHash || !(serial instanceof asn1js.Integer)) return [];
      return [
        {
          hashAlgorithm: hashOid(oidOf(children(alg)[0]) ?? ''),
          issuerNameHash,
          issuerKeyHash,
          serial: encodedOf(serial),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** Issuer and signature parts of a DER CRL; undefined when unreadable. */
export function crlSummary(crl: Uint8Array): CrlSummary | undefined {
  try {
    const [tbs, alg, sig] = children(parse(crl));
    const fields = children(tbs);
    const i = fields[0] instanceof asn1js.Integer ? 1 : 0;
    const issuer = fields[i + 1];
    if (!tbs || !issuer || !(sig instanceof asn1js.BitString)) return undefined;
    return {
      issuer: encodedOf(issuer),
      tbs: encodedOf(tbs),
      signatureAlgorithm: oidOf(children(alg)[0]) ?? '',
      signature: new Uint8Array(sig.valueBlock.valueHexView),
    };
  } catch {
    return undefined;
  }
}

const SIGNATURE_HASH: Record<string, string> = {
  [OID.sha256WithRSA]: 'sha256',
  [OID.sha384WithRSA]: 'sha384',
  [OID.sha512WithRSA]: 'sha512',
  [OID.ecdsaSha256]: 'sha256',
  [OID.ecdsaSha384]: 'sha384',
  [OID.ecdsaSha512]: 'sha512',
  '1.2.840.113549.1.1.5': 'sha1',
};

/** An OCSP CertID names `cert` as issued by `issuer`. */
export function ocspIsAbout(id: OcspCertId, cert: CertInfo, issuer: CertInfo): boolean {
  if (!id.hashAlgorithm) return false;
  const h = (b: Uint8Array) =>
    createHash(id.hashAlgorithm as string)
      .update(b)
      .digest();
  return (
    Buffer.from(id.serial).equals(Buffer.from(cert.serialDer)) &&
    h(issuer.subjectDer).equals(Buffer.from(id.issuerNameHash)) &&
    h(issuer.publicKeyBits).equals(Buffer.from(id.issuerKeyHash))
  );
}

/** A CRL covers `cert` when its issuer is the certificate's issuer and that issuer signed it. */
export function crlCovers(crl: CrlSummary, cert: CertInfo, issuer: CertInfo): boolean {
  if (!Buffer.from(crl.issuer).equals(Buffer.from(cert.issuerDer))) return false;
  const hash = SIGNATURE_HASH[crl.signatureAlgorithm];
  if (!hash) return false;
  try {
    const key = issuer.x509.publicKey;
    return nodeVerify(
      hash,
      crl.tbs,
      key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
      crl.signature,
    );
  } catch {
    return false;
  }
}

export interface DssRevocationData {
  ocsp: OcspCertId[];
  crls: CrlSummary[];
}

/**
 * Whether the DSS holds revocation data (an OCSP answer or a CRL from the issuer) for every
 * certificate of `chain` below its top, which must be self-signed or a trust anchor. A chain
 * that stops below that has an unknown issuer and so cannot be covered.
 */
export function dssCoversChain(
  data: DssRevocationData,
  chain: readonly CertInfo[],
  isAnchor: (c: CertInfo) => boolean = () => false,
): boolean {
  if (chain.length === 0) return false;
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i] as CertInfo;
    if (i > 0 && isAnchor(cert)) return true;
    const issuer = chain[i + 1];
    if (!issuer)
      return isAnchor(cert) || (cert.x509.checkIssued(cert.x509) && cert.x509.verify(cert.x509.publicKey));
    const covered =
      data.ocsp.some((id) => ocspIsAbout(id, cert, issuer)) ||
      data.crls.some((crl) => crlCovers(crl, cert, issuer));
    if (!covered) return false;
  }
  return true;
}
