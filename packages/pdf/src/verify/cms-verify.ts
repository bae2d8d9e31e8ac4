import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import { type CertInfo, certInfo } from '../sign/certificates.ts';
import { type Asn, children, encodedOf, hashOid, OID, octetsOf, oidOf, parse } from '../sign/der.ts';
import { type EssCertRef, essCertRefs, essRefersTo } from '../sign/ess.ts';

export interface CmsCheck {
  signer?: CertInfo;
  certificates: CertInfo[];
  digestAlgorithm?: string;
  /** The message-digest attribute equals the digest of the signed data. */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer's key. */
  signatureValid: boolean;
  /** An ESS signing-certificate-v2 attribute (RFC 5035) is present; v1 does not count. */
  hasSigningCertificateV2: boolean;
  /** The ESS signing-certificate(-v2) attribute names the certificate that made the signature. */
  signingCertificateMatches: boolean;
  hasSigningTime: boolean;
  signatureValue?: Uint8Array;
  /** Unsigned signature-timestamp tokens (B-T). */
  timestampTokens: Uint8Array[];
  /** Encapsulated content (timestamp tokens carry TSTInfo here). */
  encapsulated?: Uint8Array;
  problems: string[];
}

/**
 * Checks one CMS SignedData. `digestOf(alg)` returns the digest of the signed content with a
 * hash algorithm (Node name); for tokens with encapsulated content pass nothing.
 */
export function checkCms(cmsDer: Uint8Array, digestOf?: (alg: string) => Uint8Array): CmsCheck {
  const out: CmsCheck = {
    certificates: [],
    digestMatches: false,
    signatureValid: false,
    hasSigningCertificateV2: false,
    signingCertificateMatches: false,
    hasSigningTime: false,
    timestampTokens: [],
    problems: [],
  };
  let sd: Asn | undefined;
  try {
    const ci = parse(cmsDer);
    if (oidOf(children(ci)[0]) !== OID.signedData) throw new Error('not SignedData');
    sd = children(children(ci)[1])[0];
  } catch {
    out.problems.push('The signature is not a readable CMS SignedData structure.');
    return out;
  }
  const parts = children(sd);
  const encap = parts[2];
  const eContent = children(encap)[1];
  if (eContent) out.encapsulated = octetsOf(children(eContent)[0]);
  for (const f of parts) {
    if (f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0) {
      for (const c of children(f)) {
        try {
          out.certificates.push(certInfo(encodedOf(c)));
        } catch {
          // Attribute certificates and unreadable entries are ignored.
        }
      }
    }
  }
  const si = children(parts[parts.length - 1])[0];
  const sf = children(si);
  const sid = sf[1];
  const digestAlg = hashOid(oidOf(children(sf[2])[0]) ?? '');
  out.digestAlgorithm = digestAlg;
  const signedAttrs = sf.find((x) => x.idBlock.tagClass === 3 && x.idBlock.tagNumber === 0);
  const idx = sf.indexOf(signedAttrs as Asn);
  const sigAlg = oidOf(children(sf[idx + 1])[0]) ?? '';
  const sigValue = octetsOf(sf[idx + 2]);
  out.signatureValue = sigValue;
  const unsigned = sf.find((x) => x.idBlock.tagClass === 3 && x.idBlock.tagNumber === 1);
  for (const a of children(unsigned)) {
    if (oidOf(children(a)[0]) === OID.timeStampToken) {
      for (const t of children(children(a)[1])) out.timestampTokens.push(encodedOf(t));
    }
  }
  if (!digestAlg || !signedAttrs || !sigValue) {
    out.problems.push('The signature lacks signed attributes or uses an unknown digest.');
    return out;
  }
  let messageDigest: Uint8Array | undefined;
  for (const a of children(signedAttrs)) {
    const id = oidOf(children(a)[0]);
    if (id === OID.messageDigest) messageDigest = octetsOf(children(children(a)[1])[0]);
    if (id === OID.signingCertificateV2) out.hasSigningCertificateV2 = true;
    if (id === OID.signingTime) out.hasSigningTime = true;
  }
  const expected = digestOf
    ? digestOf(digestAlg)
    : out.encapsulated && createHash(digestAlg).update(out.encapsulated).digest();
  out.digestMatches =
    !!messageDigest && !!expected && Buffer.from(messageDigest).equals(Buffer.from(expected));
  if (!out.digestMatches) out.problems.push('The signed data was changed: its digest does not match.');
  // The signature covers the attributes re-encoded as a SET (tag 0x31 instead of [0]).
  const attrBytes = Buffer.from(encodedOf(signedAttrs));
  attrBytes[0] = 0x31;
  out.signer = findSigner(sid, out.certificates, attrBytes, sigValue, digestAlg, sigAlg);
  if (!out.signer) {
    out.problems.push('The signer certificate is missing or does not match the signature.');
    return out;
  }
  out.signatureValid = verifyWith(out.signer, attrBytes, sigValue, digestAlg, sigAlg);
  if (!out.signatureValid) out.problems.push('The cryptographic signature does not verify.');
  const signer = out.signer;
  const refs = essCertRefs(signedAttrs);
  out.signingCertificateMatches = refs.length > 0 && essRefersTo(refs[0] as EssCertRef, signer);
  if (refs.length > 0 && !out.signingCertificateMatches)
    out.problems.push('The signing-certificate attribute names another certificate than the signer.');
  return out;
}

function findSigner(
  sid: Asn | undefined,
  certs: CertInfo[],
  data: Uint8Array,
  sig: Uint8Array,
  digestAlg: string,
  sigAlg: string,
): CertInfo | undefined {
  if (sid instanceof asn1js.Sequence) {
    const [issuer, serial] = children(sid);
    if (issuer && serial) {
      const iss = Buffer.from(encodedOf(issuer));
      const ser = Buffer.from(encodedOf(serial));
      const m = certs.find((c) => iss.equals(c.issuerDer) && ser.equals(c.serialDer));
      if (m) return m;
    }
  }
  return certs.find((c) => verifyWith(c, data, sig, digestAlg, sigAlg));
}

/** Whether `sig` over `data` verifies with the certificate's key (RSA PKCS#1 v1.5 or ECDSA). */
export function verifyWith(
  c: CertInfo,
  data: Uint8Array,
  sig: Uint8Array,
  digestAlg: string,
  sigAlg: string,
): boolean {
  try {
    const key = createPublicKey(c.x509.publicKey.export({ format: 'pem', type: 'spki' }));
    if (sigAlg === OID.rsaPss) return false;
    return nodeVerify(digestAlg, data, c.keyType === 'ec' ? { key, dsaEncoding: 'der' } : key, sig);
  } catch {
    return false;
  }
}
