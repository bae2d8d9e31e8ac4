import { createHash, verify } from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import { PdfDocument } from '../core/document.ts';
import { PdfError } from '../core/errors.ts';
import { IncrementalUpdate } from '../core/incremental-update.ts';
import { type PdfObject, PdfString } from '../core/objects.ts';
import { hashRanges, writeWithByteRange } from './byte-range.ts';
import { buildChain, type CertInfo, certInfo } from './certificates.ts';
import { buildSignedData, signedAttributes } from './cms.ts';
import { addDocumentTimestamp } from './document-timestamp.ts';
import { completeExternalCms } from './external-cms.ts';
import { addLongTermValidation, type RevocationConfig } from './ltv.ts';
import { pdfDate } from './pdf-date.ts';
import { addSignaturePlaceholder, type VisibleField } from './signature-field.ts';
import type { Signer } from './signer.ts';
import { requestTimestamp, type TsaConfig } from './timestamp.ts';

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export interface SignatureOptions {
  level?: PadesLevel;
  /** Required from B-T up. */
  tsa?: TsaConfig;
  /** Where OCSP responses and CRLs are fetched from for B-LT and B-LTA. */
  revocation?: RevocationConfig;
  /** Absent: an invisible signature (seals). */
  field?: VisibleField;
  fieldName?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Shown as the signer's name in the signature dictionary (/Name) and the default appearance. */
  signerName?: string;
  /** Claimed signing time, written as /M (PAdES forbids the CMS signing-time attribute). */
  signingTime?: Date;
  /** DocMDP level (1 no changes, 2 form fill and signing, 3 also annotations) to certify with. */
  certify?: 1 | 2 | 3;
  /** Bytes reserved for the CMS; defaults to the chain's size plus room for a timestamp. */
  reservedBytes?: number;
}

/** The serialisable state a server keeps between `prepare` and `complete` (with the prepared PDF). */
export interface PreparedSignatureState {
  version: 1;
  byteRange: [number, number, number, number];
  /** Base64 of the SHA-256 over the byte ranges (the CMS message digest). */
  documentDigest: string;
  /** Base64 DER of the signed attributes SET: the data an external key signs. */
  signedAttributes: string;
  /** Base64 SHA-256 of `signedAttributes`: what a raw-hash signing device signs. */
  digestToSign: string;
  /** Base64 DER certificates, signer first. */
  certificates: string[];
  level: PadesLevel;
  /** Bytes reserved for the CMS in /Contents. */
  reservedBytes: number;
}

export interface PreparedSignature {
  /** The PDF with the signature placeholder; the caller stores it until `complete`. */
  pdf: Uint8Array;
  state: PreparedSignatureState;
}

/** What came back from outside: a signature value over `signedAttributes`, or a whole CMS. */
export type ExternalSignature = { signatureValue: Uint8Array } | { cms: Uint8Array };

interface PreparedParts {
  original: Uint8Array;
  appended: Buffer;
  state: PreparedSignatureState;
  chain: CertInfo[];
}

function toUpdate(input: Uint8Array | IncrementalUpdate): IncrementalUpdate {
  return input instanceof IncrementalUpdate ? input : new IncrementalUpdate(PdfDocument.open(input));
}

function levelNeedsTsa(level: PadesLevel): boolean {
  return level !== 'B-B';
}

async function prepareParts(
  input: Uint8Array | IncrementalUpdate,
  certificates: Uint8Array[],
  options: SignatureOptions,
): Promise<PreparedParts> {
  const level = options.level ?? 'B-B';
  if (levelNeedsTsa(level) && !options.tsa) {
    throw new PdfError(Code.INVALID_INPUT, `PAdES ${level} needs a timestamp authority (TSA) URL.`);
  }
  const infos = certificates.map((c) => {
    try {
      return certInfo(c);
    } catch {
      throw new PdfError(Code.NO_CERTIFICATE, 'The signer certificate cannot be read.');
    }
  });
  const leaf = infos[0];
  if (!leaf) throw new PdfError(Code.NO_CERTIFICATE, 'A signer needs a certificate.');
  if (leaf.keyType === 'other') throw new PdfError(Code.NO_CERTIFICATE, 'Only RSA and ECDSA keys can sign.');
  const chain = buildChain(leaf, infos);
  const up = toUpdate(input);
  const certBytes = chain.reduce((n, c) => n + c.der.length, 0);
  const reservedBytes =
    options.reservedBytes ?? roundUp(certBytes + 3_000 + (levelNeedsTsa(level) ? 12_000 : 0), 1024);
  const when = options.signingTime ?? new Date();
  const name = options.signerName ?? leaf.commonName;
  const entries: Record<string, PdfObject> = { M: PdfString.text(pdfDate(when)), Name: PdfString.text(name) };
  if (options.reason) entries.Reason = PdfString.text(options.reason);
  if (options.location) entries.Location = PdfString.text(options.location);
  if (options.contactInfo) entries.ContactInfo = PdfString.text(options.contactInfo);
  const lines = [
    `Digitally signed by ${name}`,
    `Date: ${when.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
  ];
  if (options.reason) lines.push(`Reason: ${options.reason}`);
  if (options.location) lines.push(`Location: ${options.location}`);
  await addSignaturePlaceholder(up, {
    kind: 'signature',
    subFilter: 'ETSI.CAdES.detached',
    contentsBytes: reservedBytes,
    fieldName: options.fieldName,
    field: options.field,
    appearanceLines: lines,
    entries,
    certify: options.certify,
  });
  const { original, appended, byteRange } = writeWithByteRange(up);
  const digest = hashRanges(original, appended, byteRange);
  const attrs = signedAttributes(digest, leaf);
  return {
    original,
    appended,
    chain,
    state: {
      version: 1,
      byteRange,
      documentDigest: b64(digest),
      signedAttributes: b64(attrs),
      digestToSign: b64(createHash('sha256').update(attrs).digest()),
      certificates: chain.map((c) => b64(c.der)),
      level,
      reservedBytes,
    },
  };
}

function embed(appended: Buffer, base: number, state: PreparedSignatureState, cms: Uint8Array): void {
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > state.reservedBytes * 2) {
    throw new PdfError(
      Code.DSC_ERROR,
      `The signature (${cms.length} bytes) is larger than the space reserved for it (${state.reservedBytes} bytes).`,
    );
  }
  appended.write(hex, state.byteRange[1] - base + 1, 'latin1');
}

async function buildCms(
  state: PreparedSignatureState,
  response: ExternalSignature,
  tsa: TsaConfig | undefined,
  /** The chain already parsed when signing in one go; a deferred signature reads it from the state. */
  parsedChain?: CertInfo[],
): Promise<Uint8Array> {
  const digest = Buffer.from(state.documentDigest, 'base64');
  const chain = parsedChain ?? state.certificates.map((c) => certInfo(Buffer.from(c, 'base64')));
  const wantsTs = levelNeedsTsa(state.level);
  if ('cms' in response)
    return completeExternalCms(response.cms, { documentDigest: digest, chain }, wantsTs ? tsa : undefined);
  const signatureValue = response.signatureValue;
  const timestampToken = wantsTs && tsa ? await requestTimestamp(tsa, signatureValue) : undefined;
  return buildSignedData({
    certificates: chain,
    signedAttributes: Buffer.from(state.signedAttributes, 'base64'),
    signatureValue,
    timestampToken,
  });
}

async function extend(pdf: Uint8Array, level: PadesLevel, options: SignatureOptions): Promise<Uint8Array> {
  let out = pdf;
  if (level === 'B-LT' || level === 'B-LTA') out = await addLongTermValidation(out, options.revocation ?? {});
  if (level === 'B-LTA' && options.tsa) out = await addDocumentTimestamp(out, options.tsa);
  return out;
}

/**
 * Signs with a key this process can use. Returns the original bytes followed by one revision
 * (plus, for B-LT/B-LTA, a validation-data revision and a document timestamp).
 */
export async function signPdf(
  input: Uint8Array | IncrementalUpdate,
  signer: Signer,
  options: SignatureOptions = {},
): Promise<Uint8Array> {
  const parts = await signPdfToParts(input, signer, options);
  const level = options.level ?? 'B-B';
  const joined = Buffer.concat(parts);
  return level === 'B-LT' || level === 'B-LTA' ? extend(joined, level, options) : joined;
}

/**
 * The signed file as [original, appended] without joining them (for streaming writes of large
 * files). Only the signature revision: B-LT/B-LTA extensions need `signPdf`.
 */
export async function signPdfToParts(
  input: Uint8Array | IncrementalUpdate,
  signer: Signer,
  options: SignatureOptions = {},
): Promise<[Uint8Array, Uint8Array]> {
  const p = await prepareParts(input, signer.certificates, options);
  const signatureValue = await signer.sign(Buffer.from(p.state.signedAttributes, 'base64'));
  const cms = await buildCms(p.state, { signatureValue }, options.tsa, p.chain);
  embed(p.appended, p.original.length, p.state, cms);
  return [p.original, p.appended];
}

/** Deferred signing, step 1: the placeholder PDF and what the external key must sign. */
export async function preparePdfSignature(
  input: Uint8Array | IncrementalUpdate,
  certificates: Uint8Array[],
  options: SignatureOptions = {},
): Promise<PreparedSignature> {
  const p = await prepareParts(input, certificates, options);
  return { pdf: Buffer.concat([p.original, p.appended]), state: p.state };
}

/**
 * Deferred signing, step 2: embeds the external signature value (or CMS) into the prepared PDF.
 * A signature value is checked against the prepared certificate before it is embedded; a whole
 * CMS must be the prepared PAdES signature (see `completeExternalCms`), else -215.
 */
export async function completePdfSignature(
  preparedPdf: Uint8Array,
  state: PreparedSignatureState,
  response: ExternalSignature,
  options: Pick<SignatureOptions, 'tsa' | 'revocation'> = {},
): Promise<Uint8Array> {
  if (state.version !== 1) throw new PdfError(Code.INVALID_INPUT, 'Unknown prepared-signature state.');
  const [, a, b, c] = state.byteRange;
  if (b + c !== preparedPdf.length || a <= 0 || b <= a) {
    throw new PdfError(Code.INVALID_DOCUMENT, 'The prepared PDF does not match the prepared signature.');
  }
  const digest = createHash('sha256')
    .update(preparedPdf.subarray(0, a))
    .update(preparedPdf.subarray(b))
    .digest();
  if (digest.toString('base64') !== state.documentDigest) {
    throw new PdfError(Code.INVALID_DOCUMENT, 'The prepared PDF was changed after it was prepared.');
  }
  const checked: ExternalSignature =
    'signatureValue' in response
      ? { signatureValue: checkSignatureValue(state, response.signatureValue) }
      : response;
  const cms = await buildCms(state, checked, options.tsa);
  const out = Buffer.from(preparedPdf);
  embed(out, 0, state, cms);
  return extend(out, state.level, options);
}

/** Checks an external signature value against the signer key; ECDSA values may come raw (r‖s). */
function checkSignatureValue(state: PreparedSignatureState, value: Uint8Array): Uint8Array {
  const der = verifiedSignatureValue(
    Buffer.from(state.certificates[0] ?? '', 'base64'),
    Buffer.from(state.signedAttributes, 'base64'),
    value,
  );
  if (!der)
    throw new PdfError(
      Code.DSC_ERROR,
      'The signature value does not match the certificate and the document.',
    );
  return der;
}

/**
 * A signature value made outside (a token, a remote service) checked against the signer's
 * certificate over `data` with SHA-256: the value as CMS needs it (ECDSA as DER, also when it came
 * raw r‖s), or null when it does not verify.
 */
export function verifiedSignatureValue(
  certificate: Uint8Array,
  data: Uint8Array,
  value: Uint8Array,
): Uint8Array | null {
  const key = certInfo(certificate).x509.publicKey;
  const isEc = key.asymmetricKeyType === 'ec';
  const der = isEc && value[0] !== 0x30 ? ecdsaRawToDer(value) : value;
  try {
    return verify('sha256', data, isEc ? { key, dsaEncoding: 'der' } : key, der) ? der : null;
  } catch {
    return null;
  }
}

/** IEEE P1363 (r‖s, as WebCrypto and many tokens return) to the DER SEQUENCE CMS needs. */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    return (v[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : Buffer.from(v);
  };
  const r = int(raw.subarray(0, half));
  const s = int(raw.subarray(half));
  const body = Buffer.concat([Buffer.from([2, r.length]), r, Buffer.from([2, s.length]), s]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

function roundUp(n: number, step: number): number {
  return Math.ceil(n / step) * step;
}

function b64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64');
}
