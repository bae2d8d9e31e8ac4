import { Code } from '@signet/contracts';
import * as asn1js from 'asn1js';
import { PdfError } from '../core/errors.ts';
import { type Asn, children, der, implicitSet, OID, octetsOf, oid, oidOf, parse, seq, set } from './der.ts';
import { requestTimestamp, type TsaConfig } from './timestamp.ts';

function dscError(message: string): PdfError {
  return new PdfError(Code.DSC_ERROR, message);
}

/** The first SignerInfo of a CMS SignedData ContentInfo. */
export function firstSignerInfo(cms: Asn): Asn | undefined {
  const sd = children(children(cms)[1])[0];
  const parts = children(sd);
  return children(parts[parts.length - 1])[0];
}

/**
 * Accepts a CMS made outside (a token or remote signing service), checks that it signs this
 * document's digest, and adds a signature timestamp when the level needs one and it has none.
 */
export async function completeExternalCms(
  cmsBytes: Uint8Array,
  documentDigest: Uint8Array,
  tsa: TsaConfig | undefined,
): Promise<Uint8Array> {
  let cms: Asn;
  try {
    cms = parse(cmsBytes);
  } catch {
    throw dscError('The external signature is not a CMS structure.');
  }
  if (oidOf(children(cms)[0]) !== OID.signedData)
    throw dscError('The external signature is not CMS SignedData.');
  const si = firstSignerInfo(cms);
  const fields = children(si);
  const signed = fields.find((f) => f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0);
  const md = children(signed).find((a) => oidOf(children(a)[0]) === OID.messageDigest);
  const value = octetsOf(children(children(md)[1])[0]);
  if (!value || !Buffer.from(value).equals(Buffer.from(documentDigest))) {
    throw dscError('The external signature was made over a different document.');
  }
  const hasTs = fields.some(
    (f) =>
      f.idBlock.tagClass === 3 &&
      f.idBlock.tagNumber === 1 &&
      children(f).some((a) => oidOf(children(a)[0]) === OID.timeStampToken),
  );
  if (!tsa || hasTs || !si) return cmsBytes;
  const sigValue = fields.find((f) => f instanceof asn1js.OctetString && f !== signed);
  const sv = octetsOf(fields[fields.indexOf(signed as Asn) + 2] ?? sigValue);
  if (!sv) throw dscError('The external signature has no signature value.');
  const token = await requestTimestamp(tsa, sv);
  (si as asn1js.Sequence).valueBlock.value.push(
    implicitSet(1, seq(oid(OID.timeStampToken), set(parse(token)))),
  );
  return der(cms);
}
