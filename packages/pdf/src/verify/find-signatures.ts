import type { PdfDocument } from '../core/document.ts';
import { type PdfDict, type PdfObject, PdfRef, PdfString } from '../core/objects.ts';

export interface FoundSignature {
  fieldName: string;
  dict: PdfDict;
  kind: 'signature' | 'timestamp';
  subFilter: string;
  byteRange: number[];
  /** The /Contents bytes with the zero padding after the DER value removed. */
  contents: Uint8Array;
  /** The raw /Contents string as stored (padding included), for VRI keys. */
  rawContents: Uint8Array;
}

/** Walks the AcroForm field tree (bounded, loop-safe) and returns every signed signature field. */
export function findSignatures(doc: PdfDocument): FoundSignature[] {
  const acro = doc.resolveDict(doc.catalog().get('AcroForm'));
  const out: FoundSignature[] = [];
  const seen = new Set<number>();
  const visit = (o: PdfObject | undefined, prefix: string, depth: number): void => {
    if (depth > 32 || seen.size > 100_000) return;
    if (o instanceof PdfRef) {
      if (seen.has(o.num)) return;
      seen.add(o.num);
    }
    let field: PdfDict | undefined;
    try {
      field = doc.resolveDict(o);
    } catch {
      return;
    }
    if (!field) return;
    const t = field.get('T');
    const name = t instanceof PdfString ? (prefix ? `${prefix}.${t.asText()}` : t.asText()) : prefix;
    const v = safe(() => doc.resolveDict(field.get('V')));
    if (v && field.getName('FT') !== 'Tx' && v.has('ByteRange') && v.has('Contents')) {
      const br = doc.resolve(v.get('ByteRange'));
      const c = v.get('Contents');
      if (Array.isArray(br) && c instanceof PdfString) {
        out.push({
          fieldName: name,
          dict: v,
          kind:
            v.getName('Type') === 'DocTimeStamp' || v.getName('SubFilter') === 'ETSI.RFC3161'
              ? 'timestamp'
              : 'signature',
          subFilter: v.getName('SubFilter') ?? '',
          byteRange: br.filter((x): x is number => typeof x === 'number'),
          contents: trimDer(c.bytes),
          rawContents: c.bytes,
        });
      }
    }
    const kids = safe(() => doc.resolve(field.get('Kids')));
    if (Array.isArray(kids)) for (const k of kids) visit(k, name, depth + 1);
  };
  const fields = acro ? safe(() => doc.resolve(acro.get('Fields'))) : undefined;
  if (Array.isArray(fields)) for (const f of fields) visit(f, '', 0);
  // Signing order is file order.
  return out.sort((a, b) => (a.byteRange[1] ?? 0) - (b.byteRange[1] ?? 0));
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/** The DER value at the start of a zero-padded /Contents, by its own length header. */
export function trimDer(b: Uint8Array): Uint8Array {
  if (b.length < 2 || b[0] !== 0x30) return b;
  const l = b[1] as number;
  if (l < 0x80) return b.subarray(0, Math.min(b.length, 2 + l));
  const n = l & 0x7f;
  if (n === 0 || n > 4) return b;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + (b[2 + i] as number);
  return b.subarray(0, Math.min(b.length, 2 + n + len));
}
