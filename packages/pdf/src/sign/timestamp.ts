import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import * as asn1js from 'asn1js';
import { PdfError } from '../core/errors.ts';
import {
  type Asn,
  bool,
  children,
  der,
  encodedOf,
  int,
  nul,
  OID,
  octets,
  octetsOf,
  oid,
  oidOf,
  parse,
  seq,
} from './der.ts';

/** Where RFC 3161 tokens come from. `fetch` is injectable for tests and proxies. */
export interface TsaConfig {
  url: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Milliseconds before the TSA counts as unreachable. */
  timeoutMs?: number;
}

function tsaError(message: string): PdfError {
  return new PdfError(Code.SYSTEM_ERROR, `The timestamp authority failed: ${message}`);
}

/**
 * An RFC 3161 TimeStampReq over a SHA-256 imprint with a 64-bit nonce made from `random`. The
 * nonce is a DER INTEGER, which must be positive and minimally encoded: a leading 0x00 followed by
 * a byte below 0x80 is illegal padding that strict TSAs (OpenSSL among them) refuse as "wrong
 * format", once in 256 requests. So its first byte is kept between 0x01 and 0x7f.
 */
export function timestampQuery(imprint: Uint8Array, random: Uint8Array): Uint8Array {
  const nonce = Uint8Array.from(random.subarray(0, 8));
  nonce[0] = ((nonce[0] as number) % 0x7f) + 1;
  return der(
    seq(
      int(1),
      seq(seq(oid(OID.sha256), nul()), octets(imprint)),
      new asn1js.Integer({ valueHex: nonce.buffer }),
      bool(true),
    ),
  );
}

/** Asks the TSA for a token over SHA-256(data) and checks that the token answers this request. */
export async function requestTimestamp(tsa: TsaConfig, data: Uint8Array | Uint8Array[]): Promise<Uint8Array> {
  const h = createHash('sha256');
  for (const d of Array.isArray(data) ? data : [data]) h.update(d);
  const imprint = h.digest();
  const req = timestampQuery(imprint, randomBytes(8));
  const doFetch = tsa.fetch ?? fetch;
  let body: Uint8Array;
  try {
    const res = await doFetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', ...(tsa.headers ?? {}) },
      body: req,
      signal: AbortSignal.timeout(tsa.timeoutMs ?? 20_000),
    });
    if (!res.ok) throw tsaError(`HTTP ${res.status}`);
    body = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    if (e instanceof PdfError) throw e;
    throw tsaError((e as Error).message);
  }
  let resp: Asn;
  try {
    resp = parse(body);
  } catch {
    throw tsaError('the answer is not a timestamp response');
  }
  const [statusInfo, token] = children(resp);
  const status = children(statusInfo)[0];
  const code = status instanceof asn1js.Integer ? status.valueBlock.valueDec : -1;
  if ((code !== 0 && code !== 1) || !token) throw tsaError(`request refused (status ${code})`);
  const info = tstInfo(encodedOf(token));
  if (!info || !Buffer.from(info.imprint).equals(imprint))
    throw tsaError('the token does not match the request');
  return encodedOf(token);
}

export interface TstInfo {
  hashAlgorithm: string;
  imprint: Uint8Array;
  genTime: Date;
}

/** Reads the TSTInfo inside a timestamp token (a CMS ContentInfo). */
export function tstInfo(token: Uint8Array): TstInfo | undefined {
  try {
    const ci = parse(token);
    const signedData = children(children(ci)[1])[0];
    const encap = children(signedData).find(
      (c) => c instanceof asn1js.Sequence && oidOf(children(c)[0]) === OID.tstInfo,
    );
    const content = octetsOf(children(children(encap)[1])[0]);
    if (!content) return undefined;
    const fields = children(parse(content));
    const mi = children(fields[2]);
    const alg = oidOf(children(mi[0])[0]) ?? '';
    const imprint = octetsOf(mi[1]) ?? new Uint8Array(0);
    const gt = fields[4];
    const genTime = gt instanceof asn1js.GeneralizedTime ? gt.toDate() : new Date(Number.NaN);
    return { hashAlgorithm: alg, imprint, genTime };
  } catch {
    return undefined;
  }
}
