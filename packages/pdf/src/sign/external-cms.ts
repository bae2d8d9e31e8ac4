import { Code } from '@signet/contracts/errors';
import * as asn1js from 'asn1js';
import { PdfError } from '../core/errors.ts';
import { checkCms, verifyWith } from '../verify/cms-verify.ts';
import type { CertInfo } from './certificates.ts';
import {
  type Asn,
  children,
  der,
  encodedOf,
  hashOid,
  implicitSet,
  OID,
  octetsOf,
  oid,
  oidOf,
  parse,
  raw,
  seq,
  set,
} from './der.ts';
import { essCertRefs, essRefersTo } from './ess.ts';
import { requestTimestamp, type TsaConfig } from './timestamp.ts';

function dscError(message: string): PdfError {
  return new PdfError(Code.DSC_ERROR, message);
}

const isContext = (el: Asn | undefined, n: number) =>
  el?.idBlock.tagClass === 3 && el.idBlock.tagNumber === n;

/** The first SignerInfo of a CMS SignedData ContentInfo. */
export function firstSignerInfo(cms: Asn): Asn | undefined {
  const sd = children(children(cms)[1])[0];
  const parts = children(sd);
  return children(parts[parts.length - 1])[0];
}

/** What `prepare` fixed and the CMS from outside must match. */
export interface PreparedSigner {
  /** SHA-256 over the byte ranges: the CMS message digest. */
  documentDigest: Uint8Array;
  /** The prepared chain, signer first. */
  chain: CertInfo[];
}

/**
 * Accepts a CMS made outside (a token or remote signing service) only when it is the PAdES
 * signature that was prepared: one signer, the prepared certificate (by its identifier and by a
 * signature that verifies with its key), this document's digest, ESS signing-certificate-v2
 * naming that certificate and no signing-time attribute (PAdES forbids it; the claimed time is
 * the dictionary's /M). Adds the prepared chain's certificates the CMS lacks, and a signature
 * timestamp when the level needs one and it has none.
 */
export async function completeExternalCms(
  cmsBytes: Uint8Array,
  prepared: PreparedSigner,
  tsa: TsaConfig | undefined,
): Promise<Uint8Array> {
  const leaf = prepared.chain[0];
  if (!leaf) throw dscError('No signer certificate was prepared.');
  let cms: Asn;
  try {
    cms = parse(cmsBytes);
  } catch {
    throw dscError('The external signature is not a CMS structure.');
  }
  if (oidOf(children(cms)[0]) !== OID.signedData)
    throw dscError('The external signature is not CMS SignedData.');
  const signedData = children(children(cms)[1])[0];
  const sdParts = children(signedData);
  const signerInfos = children(sdParts[sdParts.length - 1]);
  if (signerInfos.length !== 1)
    throw dscError(`The external signature has ${signerInfos.length} signers; PAdES allows exactly one.`);
  const si = signerInfos[0] as Asn;
  const fields = children(si);
  const signed = fields.find((f) => isContext(f, 0));
  if (!signed) throw dscError('The external signature has no signed attributes, so it cannot be PAdES.');
  const md = children(signed).find((a) => oidOf(children(a)[0]) === OID.messageDigest);
  const value = octetsOf(children(children(md)[1])[0]);
  if (!value || !Buffer.from(value).equals(Buffer.from(prepared.documentDigest))) {
    throw dscError('The external signature was made over a different document.');
  }

  if (!namesCertificate(fields[1], leaf)) {
    throw dscError(
      `The external signature was made with another certificate than the prepared one (${leaf.commonName}).`,
    );
  }
  const signedIndex = fields.indexOf(signed);
  const digestAlg = hashOid(oidOf(children(fields[2])[0]) ?? '');
  const sigAlg = oidOf(children(fields[signedIndex + 1])[0]) ?? '';
  const sv = octetsOf(fields[signedIndex + 2]);
  if (!sv) throw dscError('The external signature has no signature value.');
  // The signature covers the attributes re-encoded as a SET (tag 0x31 instead of [0]).
  const attrBytes = Buffer.from(encodedOf(signed));
  attrBytes[0] = 0x31;
  if (!digestAlg || !verifyWith(leaf, attrBytes, sv, digestAlg, sigAlg)) {
    throw dscError(
      `The external signature does not verify with the prepared certificate's key (${leaf.commonName}).`,
    );
  }

  const notPades: string[] = [];
  const refs = essCertRefs(signed).filter((r) => r.version === 2);
  if (refs.length === 0) notPades.push('it has no ESS signing-certificate-v2 attribute');
  else if (!essRefersTo(refs[0] as (typeof refs)[number], leaf))
    notPades.push('its ESS signing-certificate-v2 attribute names another certificate');
  if (children(signed).some((a) => oidOf(children(a)[0]) === OID.signingTime))
    notPades.push(
      'it has a signing-time attribute, which PAdES forbids (the time goes in the signature dictionary)',
    );
  if (notPades.length > 0)
    throw dscError(`The external signature is not a PAdES signature: ${notPades.join('; ')}.`);

  const changed = addMissingCertificates(signedData as asn1js.Sequence, prepared.chain);
  const hasTs = fields.some(
    (f) => isContext(f, 1) && children(f).some((a) => oidOf(children(a)[0]) === OID.timeStampToken),
  );
  if (tsa && !hasTs) {
    const token = await requestTimestamp(tsa, sv);
    (si as asn1js.Sequence).valueBlock.value.push(
      implicitSet(1, seq(oid(OID.timeStampToken), set(parse(token)))),
    );
  } else if (!changed) return cmsBytes;
  const out = der(cms);
  // Re-encoding must not have changed what was signed (an unusual BER encoding could).
  const again = checkCms(out, () => prepared.documentDigest);
  if (!again.digestMatches || !again.signatureValid)
    throw dscError('The external signature could not be completed without changing what it signs.');
  return out;
}

/** SignerIdentifier: issuerAndSerialNumber, or [0] subjectKeyIdentifier. */
function namesCertificate(sid: Asn | undefined, cert: CertInfo): boolean {
  if (sid instanceof asn1js.Sequence) {
    const [issuer, serial] = children(sid);
    return (
      !!issuer &&
      !!serial &&
      Buffer.from(encodedOf(issuer)).equals(Buffer.from(cert.issuerDer)) &&
      Buffer.from(encodedOf(serial)).equals(Buffer.from(cert.serialDer))
    );
  }
  if (isContext(sid, 0) && sid && cert.subjectKeyId) {
    const vb = (sid as asn1js.Primitive).valueBlock as { valueHexView?: Uint8Array };
    return Buffer.from(vb.valueHexView ?? new Uint8Array(0)).equals(Buffer.from(cert.subjectKeyId));
  }
  return false;
}

/** Puts the prepared chain into the CMS certificates set, so validators can build the chain. */
function addMissingCertificates(signedData: asn1js.Sequence, chain: readonly CertInfo[]): boolean {
  const parts = signedData.valueBlock.value;
  let certSet = parts.find((p) => isContext(p, 0)) as asn1js.Constructed | undefined;
  const have = new Set(children(certSet).map((c) => Buffer.from(encodedOf(c)).toString('base64')));
  const missing = chain.filter((c) => !have.has(Buffer.from(c.der).toString('base64')));
  if (missing.length === 0) return false;
  if (!certSet) {
    certSet = implicitSet(0);
    // version, digestAlgorithms, encapContentInfo, then [0] certificates.
    parts.splice(3, 0, certSet);
  }
  certSet.valueBlock.value.push(...missing.map((c) => raw(c.der)));
  return true;
}
