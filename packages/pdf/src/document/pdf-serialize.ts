import { deflateSync } from 'node:zlib';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from '../core/objects.ts';

/**
 * Serialises the shared object model (src/core/objects.ts) to PDF syntax. Used by the full
 * writer for new documents; the incremental writer of the core stream has its own.
 */
export function serializeObject(obj: PdfObject): string {
  if (obj === null) return 'null';
  if (typeof obj === 'boolean') return obj ? 'true' : 'false';
  if (typeof obj === 'number') return formatNumber(obj);
  if (obj instanceof PdfName) return `/${escapeName(obj.value)}`;
  if (obj instanceof PdfString) return `<${Buffer.from(obj.bytes).toString('hex')}>`;
  if (obj instanceof PdfRef) return `${obj.num} ${obj.gen} R`;
  if (Array.isArray(obj)) return `[${obj.map(serializeObject).join(' ')}]`;
  if (obj instanceof PdfDict) {
    const parts: string[] = [];
    for (const [k, v] of obj.map) parts.push(`/${escapeName(k)} ${serializeObject(v)}`);
    return `<<${parts.join(' ')}>>`;
  }
  if (obj instanceof PdfStream) throw new Error('a stream can only be serialised as an indirect object');
  throw new Error('unknown PDF object');
}

/** Numbers as PDF reals: no exponent, at most 4 decimals (1/10000 pt is far below any device). */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  if (Number.isInteger(n)) return String(n);
  const s = n.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

function escapeName(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const regular = byte > 0x20 && byte < 0x7f && !'#()<>[]{}/%'.includes(String.fromCharCode(byte));
    out += regular ? String.fromCharCode(byte) : `#${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Bytes of `n g obj … endobj` for one indirect object. */
export function serializeIndirect(ref: PdfRef, obj: PdfObject): Buffer {
  const head = `${ref.num} ${ref.gen} obj\n`;
  if (obj instanceof PdfStream) {
    const d = obj.dict.clone().set('Length', obj.data.length);
    return Buffer.concat([
      Buffer.from(`${head}${serializeObject(d)}\nstream\n`, 'latin1'),
      obj.data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
  }
  return Buffer.from(`${head}${serializeObject(obj)}\nendobj\n`, 'latin1');
}

/** A Flate-compressed stream: every stream we create goes through here. */
export function flateStream(entries: PdfDict, data: Uint8Array): PdfStream {
  const d = entries.clone().set('Filter', PdfName.of('FlateDecode'));
  return new PdfStream(d, deflateSync(data));
}
