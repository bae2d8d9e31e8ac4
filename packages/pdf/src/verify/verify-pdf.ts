import { createHash } from 'node:crypto';
import { PdfDocument } from '../core/document.ts';
import { PdfRef, PdfStream, PdfString } from '../core/objects.ts';
import { certificationLevel } from '../ingest/certification.ts';
import { buildChain, type CertInfo, certInfo } from '../sign/certificates.ts';
import { parsePdfDate } from '../sign/pdf-date.ts';
import { tstInfo } from '../sign/timestamp.ts';
import { type CmsCheck, checkCms } from './cms-verify.ts';
import { type ChangeClass, type ChangesAfter, describeChanges, widestChange } from './describe-changes.ts';
import { findSignatures } from './find-signatures.ts';
import { crlSummary, type DssRevocationData, dssCoversChain, ocspCertIds } from './revocation-data.ts';
import { archivedRevocation, type RevocationFinding, revocationOf } from './revocation-status.ts';

export type DetectedLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | 'not PAdES';

export interface CertSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  commonName: string;
  validFrom: string;
  validTo: string;
  /** SHA-256 of the DER, hex: names the certificate (a trust anchor) without its bytes. */
  fingerprint: string;
}

export interface SignatureReport {
  fieldName: string;
  kind: 'signature' | 'timestamp';
  subFilter: string;
  signer?: CertSummary;
  /** Signer first, up to the last certificate found. */
  chain: CertSummary[];
  /** /M of the signature dictionary: the time the signer's software claims. */
  claimedTime?: string;
  /** Time proven by an RFC 3161 token (signature timestamp, or the document timestamp itself). */
  timestampTime?: string;
  digestMatches: boolean;
  signatureValid: boolean;
  /** The signature's byte ranges end at the end of the file. */
  coversWholeDocument: boolean;
  /** What later revisions changed (empty when it covers the whole document). */
  changesAfter: string[];
  /** The later revisions' objects by class (signing, form filling, annotations, other). */
  changes: ChangesAfter;
  /** The widest class of change after this signature. */
  modification: ChangeClass | 'none';
  /** This signature certifies the document (DocMDP): 1 no changes, 2 form filling, 3 annotations. */
  certificationLevel?: number;
  /** The later changes go beyond what the certification allows. */
  certificationViolated: boolean;
  /** The signer certificate's revocation status as the file proves it; undefined when it holds none. */
  revocation?: RevocationFinding;
  /** The anchor the chain reached, when trusted. */
  trustAnchor?: CertSummary;
  /** The signer certificate and its issuer (DER) when the chain was built: what asking online needs. */
  signerDer?: Uint8Array;
  issuerDer?: Uint8Array;
  level: DetectedLevel;
  /** The chain ends at (or is issued by) one of the trust anchors. */
  trusted: boolean;
  byteRange: number[];
  problems: string[];
}

export interface VerificationReport {
  signatures: SignatureReport[];
  /** Every signature valid, digests matching and chains trusted. */
  allValid: boolean;
}

/** Lists and checks every signature and document timestamp in a PDF. */
export function verifyPdf(pdf: Uint8Array, trustAnchors: Uint8Array[] = []): VerificationReport {
  const doc = PdfDocument.open(pdf);
  const anchors = trustAnchors.map(certInfo);
  const dssCerts = dssCertificates(doc);
  const isAnchor = (c: CertInfo) => anchors.some((a) => Buffer.from(a.der).equals(Buffer.from(c.der)));
  const found = findSignatures(doc);
  const reports: SignatureReport[] = [];
  const dssAt = dssRevisionEnd(doc);
  const dssRaw = dssStreams(doc);
  const dssData = dssRevocationData(dssRaw);
  const certification = certifyingSignature(doc);
  for (const s of found) {
    const br = s.byteRange;
    const problems: string[] = [];
    const [a0 = -1, a1 = 0, b0 = 0, b1 = 0] = br;
    const rangesOk = br.length === 4 && a0 === 0 && a1 > 0 && b0 > a1 && b0 + b1 <= pdf.length;
    if (!rangesOk) problems.push('The byte range is malformed or points outside the file.');
    const digestOf = (alg: string) =>
      createHash(alg)
        .update(pdf.subarray(0, a1))
        .update(pdf.subarray(b0, b0 + b1))
        .digest();
    const end = b0 + b1;
    let check: CmsCheck;
    let timestampTime: string | undefined;
    let tokenSigner: CertInfo | undefined;
    if (s.kind === 'timestamp') {
      check = checkCms(s.contents);
      const info = check.encapsulated ? tstInfoFromContent(s.contents) : undefined;
      const ok = info ? Buffer.from(info.imprint).equals(digestOf('sha256')) : false;
      if (!ok) problems.push('The document timestamp does not match the document.');
      check.digestMatches = check.digestMatches && ok;
      timestampTime = info?.genTime.toISOString();
    } else {
      check = checkCms(s.contents, digestOf);
      const token = check.timestampTokens[0];
      if (token && check.signatureValue) {
        const info = tstInfo(token);
        const tokenCheck = checkCms(token);
        const sv = check.signatureValue;
        const imprintOk = info
          ? Buffer.from(info.imprint).equals(createHash('sha256').update(sv).digest())
          : false;
        if (!imprintOk || !tokenCheck.signatureValid)
          problems.push('The signature timestamp does not verify.');
        else timestampTime = info?.genTime.toISOString();
        tokenSigner = tokenCheck.signer;
        check.certificates.push(...tokenCheck.certificates);
      }
    }
    problems.push(...check.problems);
    const pool = [...check.certificates, ...dssCerts, ...anchors];
    const chain = check.signer ? buildChain(check.signer, pool) : [];
    const top = chain[chain.length - 1];
    const anchor = top
      ? anchors.find(
          (t) =>
            Buffer.from(t.der).equals(Buffer.from(top.der)) ||
            (top.x509.checkIssued(t.x509) && top.x509.verify(t.x509.publicKey)),
        )
      : undefined;
    const trusted = !!anchor;
    if (check.signer && !trusted) problems.push('The certificate chain does not reach a trusted anchor.');
    const m = s.dict.get('M');
    const claimed = m instanceof PdfString ? parsePdfDate(m.asText()) : undefined;
    const covers = end === pdf.length;
    const changes = describeChanges(doc, end);
    const modification = covers ? 'none' : widestChange(changes);
    const certLevel =
      certification && sameRange(certification.byteRange, br) ? certification.level : undefined;
    const archived = s.kind === 'signature' ? archivedRevocation(s.contents) : { ocsp: [], crls: [] };
    const revocation =
      check.signer && s.kind === 'signature'
        ? revocationOf(check.signer, chain[1], {
            dssOcsp: dssRaw.ocsp,
            dssCrls: dssRaw.crls,
            signatureOcsp: archived.ocsp,
            signatureCrls: archived.crls,
          })
        : undefined;
    if (revocation?.status === 'revoked') problems.push('The signer certificate is revoked.');
    const violated = certLevel !== undefined && !allowedBy(certLevel, modification);
    if (violated) problems.push('The document was changed in a way its certification does not allow.');
    reports.push({
      fieldName: s.fieldName,
      kind: s.kind,
      subFilter: s.subFilter,
      signer: check.signer ? summary(check.signer) : undefined,
      chain: chain.map(summary),
      claimedTime: claimed?.toISOString(),
      timestampTime,
      digestMatches: check.digestMatches,
      signatureValid: check.signatureValid,
      coversWholeDocument: covers,
      changesAfter: covers ? [] : [`${changes.revisions} later revision(s)`, ...changes.details],
      changes,
      modification,
      ...(certLevel !== undefined ? { certificationLevel: certLevel } : {}),
      certificationViolated: violated,
      ...(revocation ? { revocation } : {}),
      ...(anchor ? { trustAnchor: summary(anchor) } : {}),
      ...(check.signer && chain[1] ? { signerDer: check.signer.der, issuerDer: chain[1].der } : {}),
      level: 'not PAdES',
      trusted,
      byteRange: br,
      problems,
    });
    const r = reports[reports.length - 1] as SignatureReport;
    // B-LT needs validation data for this signature's chain and its timestamp's chain, in a DSS
    // written after the signature.
    const validationData =
      dssAt !== undefined &&
      dssAt > end &&
      dssCoversChain(dssData, chain, isAnchor) &&
      (!tokenSigner || dssCoversChain(dssData, buildChain(tokenSigner, pool), isAnchor));
    r.level = levelOf(s.subFilter, s.kind, check, !!timestampTime, end, validationData, dssAt, found);
  }
  return {
    signatures: reports,
    allValid:
      reports.length > 0 &&
      reports.every(
        (r) =>
          r.digestMatches &&
          r.signatureValid &&
          r.trusted &&
          !r.certificationViolated &&
          r.revocation?.status !== 'revoked',
      ),
  };
}

/** Whether DocMDP level `p` allows a change of this class after the certifying signature. */
function allowedBy(p: number, change: ChangeClass | 'none'): boolean {
  if (change === 'none') return true;
  if (change === 'other') return false;
  if (p <= 1) return false;
  if (change === 'annotations') return p >= 3;
  return true;
}

function sameRange(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The certifying signature's byte range and DocMDP level (catalog /Perms /DocMDP). */
function certifyingSignature(doc: PdfDocument): { byteRange: number[]; level: number } | undefined {
  try {
    const level = certificationLevel(doc);
    const perms = doc.resolveDict(doc.catalog().get('Perms'));
    const sig = perms ? doc.resolveDict(perms.get('DocMDP')) : undefined;
    const br = sig ? doc.resolve(sig.get('ByteRange')) : undefined;
    if (level === undefined || !Array.isArray(br)) return undefined;
    return { byteRange: br.filter((x): x is number => typeof x === 'number'), level };
  } catch {
    return undefined;
  }
}

/** The raw OCSP responses and CRLs of the DSS (bounded). */
function dssStreams(doc: PdfDocument): { ocsp: Uint8Array[]; crls: Uint8Array[] } {
  const out = { ocsp: [] as Uint8Array[], crls: [] as Uint8Array[] };
  try {
    const dss = doc.resolveDict(doc.catalog().get('DSS'));
    for (const [key, into] of [
      ['OCSPs', out.ocsp],
      ['CRLs', out.crls],
    ] as const) {
      const arr = doc.resolve(dss?.get(key));
      if (!Array.isArray(arr)) continue;
      for (const item of arr.slice(0, 1000)) {
        const st = doc.resolve(item);
        if (!(st instanceof PdfStream)) continue;
        try {
          into.push(doc.streamData(st));
        } catch {
          // An undecodable entry is not validation data.
        }
      }
    }
  } catch {
    // A broken DSS holds no usable validation data.
  }
  return out;
}

function tstInfoFromContent(token: Uint8Array) {
  return tstInfo(token);
}

function levelOf(
  subFilter: string,
  kind: 'signature' | 'timestamp',
  check: CmsCheck,
  timestamped: boolean,
  end: number,
  hasValidationData: boolean,
  dssAt: number | undefined,
  all: ReturnType<typeof findSignatures>,
): DetectedLevel {
  if (kind === 'timestamp') return 'not PAdES';
  if (
    subFilter !== 'ETSI.CAdES.detached' ||
    !check.hasSigningCertificateV2 ||
    !check.signingCertificateMatches ||
    check.hasSigningTime
  )
    return 'not PAdES';
  if (!timestamped) return 'B-B';
  if (!hasValidationData || dssAt === undefined || dssAt <= end) return 'B-T';
  // B-LTA: a document timestamp over the validation data (written after the DSS).
  const docTs = all.some((s) => s.kind === 'timestamp' && (s.byteRange[1] ?? 0) >= dssAt);
  return docTs ? 'B-LTA' : 'B-LT';
}

/** End offset of the revision that last wrote the DSS (approximated by the DSS object's offset). */
function dssRevisionEnd(doc: PdfDocument): number | undefined {
  const ref = doc.catalog().get('DSS');
  if (!ref) return undefined;
  if (!(ref instanceof PdfRef)) return doc.xref.startxref;
  const e = doc.entry(ref.num);
  return e?.type === 'offset' ? e.offset : doc.xref.startxref;
}

/** The OCSP responses and CRLs of the DSS, parsed (unreadable entries are left out). */
function dssRevocationData(raw: { ocsp: Uint8Array[]; crls: Uint8Array[] }): DssRevocationData {
  return {
    ocsp: raw.ocsp.flatMap(ocspCertIds),
    crls: raw.crls.map(crlSummary).filter((c) => c !== undefined),
  };
}

function dssCertificates(doc: PdfDocument): CertInfo[] {
  const out: CertInfo[] = [];
  try {
    const dss = doc.resolveDict(doc.catalog().get('DSS'));
    const certs = doc.resolve(dss?.get('Certs'));
    if (!Array.isArray(certs)) return out;
    for (const c of certs.slice(0, 1000)) {
      const s = doc.resolve(c);
      if (s instanceof PdfStream) {
        try {
          out.push(certInfo(doc.streamData(s)));
        } catch {
          // Unreadable DSS entries do not help build chains.
        }
      }
    }
  } catch {
    // A broken DSS is reported through missing chains, not as a crash.
  }
  return out;
}

function summary(c: CertInfo): CertSummary {
  return {
    subject: c.x509.subject.replace(/\n/g, ', '),
    issuer: c.x509.issuer.replace(/\n/g, ', '),
    serialNumber: c.x509.serialNumber,
    commonName: c.commonName,
    validFrom: new Date(c.x509.validFrom).toISOString(),
    validTo: new Date(c.x509.validTo).toISOString(),
    fingerprint: createHash('sha256').update(c.der).digest('hex'),
  };
}
