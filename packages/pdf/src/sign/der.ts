import * as asn1js from 'asn1js';

/** Small constructors over asn1js so CMS structures read like their ASN.1 definitions. */
export type Asn = asn1js.AsnType;

export const oid = (value: string): asn1js.ObjectIdentifier => new asn1js.ObjectIdentifier({ value });
export const seq = (...value: Asn[]): asn1js.Sequence => new asn1js.Sequence({ value });
export const set = (...value: Asn[]): asn1js.Set => new asn1js.Set({ value });
export const int = (value: number): asn1js.Integer => new asn1js.Integer({ value });
export const octets = (bytes: Uint8Array): asn1js.OctetString =>
  new asn1js.OctetString({ valueHex: toArrayBuffer(bytes) });
export const bool = (value: boolean): asn1js.Boolean => new asn1js.Boolean({ value });
export const nul = (): asn1js.Null => new asn1js.Null();

/** `[n] EXPLICIT` (constructed context tag wrapping its content). */
export function explicit(n: number, ...value: Asn[]): asn1js.Constructed {
  return new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value });
}

/** `[n] IMPLICIT SET/SEQUENCE OF` (a constructed context tag holding the elements). */
export const implicitSet = explicit;

export function toArrayBuffer(b: Uint8Array): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

export function der(el: Asn): Uint8Array {
  return new Uint8Array(el.toBER(false));
}

/** Parses DER/BER; throws when the bytes are not one complete ASN.1 value. */
export function parse(bytes: Uint8Array): Asn {
  const r = asn1js.fromBER(toArrayBuffer(bytes));
  if (r.offset === -1) throw new Error('Not valid ASN.1');
  return r.result;
}

/** Re-embeds already-encoded DER (a certificate, an issuer name) unchanged. */
export function raw(bytes: Uint8Array): Asn {
  return parse(bytes);
}

export function children(el: Asn | undefined): Asn[] {
  if (!el) return [];
  const v = (el as asn1js.Constructed).valueBlock?.value;
  return Array.isArray(v) ? (v as Asn[]) : [];
}

export function encodedOf(el: Asn): Uint8Array {
  return new Uint8Array(el.valueBeforeDecodeView);
}

export function oidOf(el: Asn | undefined): string | undefined {
  return el instanceof asn1js.ObjectIdentifier ? el.valueBlock.toString() : undefined;
}

export function octetsOf(el: Asn | undefined): Uint8Array | undefined {
  if (!(el instanceof asn1js.OctetString)) return undefined;
  if (el.idBlock.isConstructed) {
    return Buffer.concat(children(el).map((c) => octetsOf(c) ?? new Uint8Array(0)));
  }
  return new Uint8Array(el.valueBlock.valueHexView);
}

/** Primitive content bytes of any element (implicitly tagged octet strings, integers…). */
export function contentOf(el: Asn): Uint8Array {
  const vb = (el as asn1js.Primitive).valueBlock as { valueHexView?: Uint8Array };
  if (el.idBlock.isConstructed) return Buffer.concat(children(el).map(contentOf));
  return new Uint8Array(vb.valueHexView ?? new Uint8Array(0));
}

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  rsaPss: '1.2.840.113549.1.1.10',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaSha256: '1.2.840.10045.4.3.2',
  ecdsaSha384: '1.2.840.10045.4.3.3',
  ecdsaSha512: '1.2.840.10045.4.3.4',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
} as const;

export function hashOid(alg: string): string | undefined {
  const m: Record<string, string> = {
    [OID.sha1]: 'sha1',
    [OID.sha256]: 'sha256',
    [OID.sha384]: 'sha384',
    [OID.sha512]: 'sha512',
  };
  return m[alg];
}
