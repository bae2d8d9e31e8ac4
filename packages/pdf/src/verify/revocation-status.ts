import { verify as nodeVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import { type CertInfo, certInfo } from '../sign/certificates.ts';
import { children, encodedOf, OID, octetsOf, oidOf, parse } from '../sign/der.ts';
import { crlSummary, ocspCertIds, ocspIsAbout } from './revocation-data.ts';

/**
 * The revocation status of a signer's certificate as the file itself proves it (what Adobe's
 * panel calls "revocation checking"): an OCSP answer or a CRL embedded in the signature (Adobe's
 * revocation-info-archival attribute) or in the Document Security Store. Nothing is fetched
 * here: the engine never goes online on its own.
 */
export type RevocationState = 'good' | 'revoked' | 'unknown';

export interface RevocationFinding {
  status: RevocationState;
  source: 'OCSP' | 'CRL';
  /** Where the answer sat in the file, or 'fetched': asked online by the caller (online-revocation.ts). */
  origin: 'signature' | 'dss' | 'fetched';
  /** The answer's own time (OCSP producedAt / thisUpdate of the CRL). */
  producedAt?: string;
  /** Revocation time when revoked. */
  revokedAt?: string;
}

/** adbe-revocationInfoArchival (a signed attribute of Adobe-style signatures). */
const ADBE_REVOCATION = '1.2.840.113583.1.1.8';

export interface RevocationSources {
  dssOcsp: Uint8Array[];
  dssCrls: Uint8Array[];
  signatureOcsp: Uint8Array[];
  signatureCrls: Uint8Array[];
}

/** The OCSP responses and CRLs an adbe-revocationInfoArchival attribute of a CMS holds. */
export function archivedRevocation(cmsDer: Uint8Array): { ocsp: Uint8Array[]; crls: Uint8Array[] } {
  const out = { ocsp: [] as Uint8Array[], crls: [] as Uint8Array[] };
  try {
    const sd = children(children(parse(cmsDer))[1])[0];
    const parts = children(sd);
    const si = children(parts[parts.length - 1])[0];
    const signed = children(si).find((x) => x.idBlock.tagClass === 3 && x.idBlock.tagNumber === 0);
    for (const attr of children(signed)) {
      if (oidOf(children(attr)[0]) !== ADBE_REVOCATION) continue;
      const value = children(children(attr)[1])[0];
      for (const field of children(value)) {
        if (field.idBlock.tagClass !== 3) continue;
        const items = children(children(field)[0]);
        if (field.idBlock.tagNumber === 0) for (const c of items) out.crls.push(encodedOf(c));
        if (field.idBlock.tagNumber === 1) for (const o of items) out.ocsp.push(encodedOf(o));
      }
    }
  } catch {
    // An unreadable attribute holds no usable revocation data.
  }
  return out;
}

interface OcspAnswer {
  tbs: Uint8Array;
  signatureAlgorithm: string;
  signature: Uint8Array;
  certs: CertInfo[];
  producedAt?: Date;
  singles: { status: RevocationState; revokedAt?: Date; index: number }[];
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

function timeOf(el: asn1js.AsnType | undefined): Date | undefined {
  if (el instanceof asn1js.GeneralizedTime || el instanceof asn1js.UTCTime) return el.toDate();
  return undefined;
}

function readOcsp(response: Uint8Array): OcspAnswer | undefined {
  try {
    const [, responseBytes] = children(parse(response));
    const [type, octets] = children(children(responseBytes)[0]);
    if (oidOf(type) !== OID.ocspBasic) return undefined;
    const basic = octetsOf(octets);
    if (!basic) return undefined;
    const [tbs, alg, sig, certsField] = children(parse(basic));
    if (!tbs || !(sig instanceof asn1js.BitString)) return undefined;
    const fields = children(tbs);
    const producedAt = fields.map(timeOf).find((d) => d !== undefined);
    const responses = fields.find((c) => c instanceof asn1js.Sequence);
    const singles = children(responses).map((single, index) => {
      const status = children(single)[1];
      const tag = status?.idBlock.tagNumber;
      const state: RevocationState = tag === 0 ? 'good' : tag === 1 ? 'revoked' : 'unknown';
      const revokedAt = tag === 1 ? timeOf(children(status)[0]) : undefined;
      return { status: state, index, ...(revokedAt ? { revokedAt } : {}) };
    });
    const certs: CertInfo[] = [];
    for (const c of children(children(certsField)[0])) {
      try {
        certs.push(certInfo(encodedOf(c)));
      } catch {
        // An unreadable responder certificate cannot vouch for the answer.
      }
    }
    return {
      tbs: encodedOf(tbs),
      signatureAlgorithm: oidOf(children(alg)[0]) ?? '',
      signature: new Uint8Array(sig.valueBlock.valueHexView),
      certs,
      ...(producedAt ? { producedAt } : {}),
      singles,
    };
  } catch {
    return undefined;
  }
}

function signedBy(data: Uint8Array, alg: string, sig: Uint8Array, by: CertInfo): boolean {
  const hash = SIGNATURE_HASH[alg];
  if (!hash) return false;
  try {
    const key = by.x509.publicKey;
    return nodeVerify(hash, data, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key, sig);
  } catch {
    return false;
  }
}

/**
 * An OCSP answer counts only when signed by the certificate's issuer or by a responder the issuer
 * certified (RFC 6960 §4.2.2.2): a forged "good" in a stranger's file must not pass.
 */
function ocspSignedFor(answer: OcspAnswer, issuer: CertInfo): boolean {
  if (signedBy(answer.tbs, answer.signatureAlgorithm, answer.signature, issuer)) return true;
  return answer.certs.some(
    (r) =>
      r.x509.checkIssued(issuer.x509) &&
      r.x509.verify(issuer.x509.publicKey) &&
      signedBy(answer.tbs, answer.signatureAlgorithm, answer.signature, r),
  );
}

/** Serial numbers (DER INTEGER) a CRL lists, with their revocation time. */
function revokedSerials(crl: Uint8Array): { serials: Map<string, Date | undefined>; thisUpdate?: Date } {
  const serials = new Map<string, Date | undefined>();
  let thisUpdate: Date | undefined;
  try {
    const fields = children(children(parse(crl))[0]);
    const times = fields.filter((f) => f instanceof asn1js.UTCTime || f instanceof asn1js.GeneralizedTime);
    thisUpdate = timeOf(times[0]);
    const list = fields.find(
      (f, i) => i > 1 && f instanceof asn1js.Sequence && children(f)[0] instanceof asn1js.Sequence,
    );
    for (const entry of children(list).slice(0, 1_000_000)) {
      const [serial, when] = children(entry);
      if (serial instanceof asn1js.Integer)
        serials.set(Buffer.from(encodedOf(serial)).toString('hex'), timeOf(when));
    }
  } catch {
    // Unreadable: no serials.
  }
  return thisUpdate ? { serials, thisUpdate } : { serials };
}

/**
 * What the file proves about `cert` (issued by `issuer`): the first verified OCSP answer about it,
 * else a CRL its issuer signed; the signature's own archive before the DSS.
 */
export function revocationOf(
  cert: CertInfo,
  issuer: CertInfo | undefined,
  sources: RevocationSources,
): RevocationFinding | undefined {
  if (!issuer) return undefined;
  const origins: ['signature' | 'dss', Uint8Array[], Uint8Array[]][] = [
    ['signature', sources.signatureOcsp, sources.signatureCrls],
    ['dss', sources.dssOcsp, sources.dssCrls],
  ];
  for (const [origin, ocsps, crls] of origins) {
    for (const response of ocsps.slice(0, 100)) {
      const ids = ocspCertIds(response);
      const at = ids.findIndex((id) => ocspIsAbout(id, cert, issuer));
      if (at < 0) continue;
      const answer = readOcsp(response);
      if (!answer || !ocspSignedFor(answer, issuer)) continue;
      const single = answer.singles[at];
      if (!single) continue;
      return {
        status: single.status,
        source: 'OCSP',
        origin,
        ...(answer.producedAt ? { producedAt: answer.producedAt.toISOString() } : {}),
        ...(single.revokedAt ? { revokedAt: single.revokedAt.toISOString() } : {}),
      };
    }
    for (const crl of crls.slice(0, 100)) {
      const summary = crlSummary(crl);
      if (!summary || !Buffer.from(summary.issuer).equals(Buffer.from(cert.issuerDer))) continue;
      if (!signedBy(summary.tbs, summary.signatureAlgorithm, summary.signature, issuer)) continue;
      const { serials, thisUpdate } = revokedSerials(crl);
      const key = Buffer.from(cert.serialDer).toString('hex');
      const revokedAt = serials.get(key);
      return {
        status: serials.has(key) ? 'revoked' : 'good',
        source: 'CRL',
        origin,
        ...(thisUpdate ? { producedAt: thisUpdate.toISOString() } : {}),
        ...(revokedAt ? { revokedAt: revokedAt.toISOString() } : {}),
      };
    }
  }
  return undefined;
}
