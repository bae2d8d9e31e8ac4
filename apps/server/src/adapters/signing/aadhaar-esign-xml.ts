import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * The XML of the eSign API 2.1 (CCA / UIDAI "e-Sign API specification 2.1"): the ASP's `<Esign>`
 * request and the ESP's `<EsignResp>` answer, each signed with an enveloped XML-DSig signature
 * (RSA-SHA256, exclusive canonicalisation, a reference to the whole document: `URI=""`).
 */

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

export const ESIGN_VERSION = '2.1';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `ts` of eSign: local time in India (UTC+05:30), `YYYY-MM-DDThh:mm:ss`. */
export function esignTimestamp(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19);
}

export interface EsignRequestFields {
  ts: string;
  txn: string;
  aspId: string;
  /** 1 OTP, 2 fingerprint, 3 iris. */
  authMode: string;
  responseUrl: string;
  docInfo: string;
  /** Lower-case hex SHA-256 of what is signed (the PDF's byte ranges). */
  hashHex: string;
}

/** The unsigned `<Esign>` request (one document hash; the signer's Aadhaar is asked by the ESP). */
export function esignRequestXml(f: EsignRequestFields): string {
  const attrs: [string, string][] = [
    ['ver', ESIGN_VERSION],
    ['sc', 'Y'],
    ['ts', f.ts],
    ['txn', f.txn],
    ['ekycId', ''],
    ['ekycIdType', 'A'],
    ['aspId', f.aspId],
    ['AuthMode', f.authMode],
    ['responseSigType', 'pkcs7'],
    ['responseUrl', f.responseUrl],
  ];
  return (
    `<Esign ${attrs.map(([k, v]) => `${k}="${escapeXml(v)}"`).join(' ')}>` +
    `<Docs><InputHash id="1" hashAlgorithm="SHA256" docInfo="${escapeXml(f.docInfo)}">${f.hashHex}</InputHash></Docs>` +
    '</Esign>'
  );
}

/** Signs an XML document with an enveloped signature over the whole of it, carrying the certificate. */
export function signXml(xml: string, keyPem: string, certPem: string): string {
  const certBody = certPem.replace(/-----[A-Z ]+-----|\s/g, '');
  const sig = new SignedXml({
    privateKey: keyPem,
    publicCert: certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${certBody}</X509Certificate></X509Data>`,
  });
  sig.addReference({
    xpath: '/*',
    digestAlgorithm: SHA256,
    transforms: [ENVELOPED, EXC_C14N],
    isEmptyUri: true,
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}

const parser = () =>
  new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') throw new Error(message);
    },
  });

/**
 * The document's root as it was signed, when `xml` carries a valid enveloped signature by the key
 * of `certPem` over the whole document; null otherwise. What is read afterwards comes from the
 * signed bytes (the reference's canonical form), never from elements beside them, so nothing can
 * be wrapped around a signed answer.
 */
export function verifiedRoot(xml: string, certPem: string, rootName: string): XmlElement | null {
  try {
    const doc = parser().parseFromString(xml, 'text/xml');
    const root = doc.documentElement;
    if (!root || root.localName !== rootName) return null;
    const signatures = Array.from(root.childNodes).filter(
      (n): n is XmlElement =>
        n.nodeType === 1 &&
        (n as XmlElement).localName === 'Signature' &&
        (n as XmlElement).namespaceURI === DSIG,
    );
    if (signatures.length !== 1) return null;
    const sig = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
    sig.loadSignature(signatures[0] as unknown as Parameters<SignedXml['loadSignature']>[0]);
    const refs = sig.getReferences();
    if (refs.length !== 1 || (refs[0]?.uri ?? '') !== '') return null;
    if (!sig.checkSignature(xml)) return null;
    const [signed] = sig.getSignedReferences();
    if (!signed) return null;
    const signedRoot = parser().parseFromString(signed, 'text/xml').documentElement;
    return signedRoot && signedRoot.localName === rootName ? signedRoot : null;
  } catch {
    return null;
  }
}

/** Parses without checking any signature (the ESP simulator reads requests it then verifies). */
export function parseXml(xml: string): XmlElement | null {
  try {
    return parser().parseFromString(xml, 'text/xml').documentElement ?? null;
  } catch {
    return null;
  }
}

export function childElements(el: XmlElement, name: string): XmlElement[] {
  return Array.from(el.getElementsByTagName(name));
}

export function textOf(el: XmlElement | undefined): string {
  return (el?.textContent ?? '').trim();
}
