import { der, oid } from './der.ts';

/**
 * DER written straight into bytes, for the structures every signature builds (the signed
 * attributes and the SignedData around a signature value). Building them as asn1js trees and
 * encoding those, certificates parsed back into trees included, was most of a one-page
 * signature's time after the RSA operation; here already-encoded parts are copied, not re-encoded.
 */

function lengthOf(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** One tag-length-value with the given content parts, in order. */
export function tlv(tag: number, parts: readonly Uint8Array[]): Uint8Array {
  const size = parts.reduce((n, p) => n + p.length, 0);
  const len = lengthOf(size);
  const out = new Uint8Array(1 + len.length + size);
  out[0] = tag;
  out.set(len, 1);
  let at = 1 + len.length;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const dSeq = (...parts: Uint8Array[]) => tlv(0x30, parts);
export const dSet = (...parts: Uint8Array[]) => tlv(0x31, parts);
export const dOctets = (bytes: Uint8Array) => tlv(0x04, [bytes]);
/** `[n] EXPLICIT`, or an `[n] IMPLICIT` SET OF: a constructed context tag around the parts. */
export const dContext = (n: number, ...parts: Uint8Array[]) => tlv(0xa0 | n, parts);
export const D_NULL = Uint8Array.of(0x05, 0x00);
/** INTEGER 1: the version of SignedData and SignerInfo here. */
export const D_ONE = Uint8Array.of(0x02, 0x01, 0x01);

const oids = new Map<string, Uint8Array>();
/** An OBJECT IDENTIFIER, encoded once per process. */
export function dOid(value: string): Uint8Array {
  let bytes = oids.get(value);
  if (!bytes) {
    bytes = der(oid(value));
    oids.set(value, bytes);
  }
  return bytes;
}
