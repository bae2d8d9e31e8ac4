import type { Encryption } from './encryption.ts';
import { isSignatureDict } from './encryption.ts';
import { PdfDict, PdfName, type PdfObject, PdfRaw, PdfRef, PdfStream, PdfString } from './objects.ts';

export type WritableObject = PdfObject;

const NAME_REGULAR = /^[!-~]$/;

export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return '0';
  // Six decimals is finer than any device; trailing zeros dropped, never exponent notation.
  let s = n.toFixed(6).replace(/0+$/, '');
  if (s.endsWith('.')) s = s.slice(0, -1);
  return s === '-0' ? '0' : s;
}

export function formatName(value: string): string {
  let out = '/';
  for (const ch of Buffer.from(value, 'latin1')) {
    const c = String.fromCharCode(ch);
    if (NAME_REGULAR.test(c) && !'()<>[]{}/%#'.includes(c)) out += c;
    else out += `#${ch.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Collects output chunks and records where labelled raw bytes were written. */
export class ByteSink {
  readonly chunks: Uint8Array[] = [];
  length = 0;
  readonly labels = new Map<string, { offset: number; length: number }>();
  private pending = '';

  text(s: string): void {
    this.pending += s;
    if (this.pending.length > 65536) this.flush();
  }

  bytes(b: Uint8Array): void {
    this.flush();
    this.chunks.push(b);
    this.length += b.length;
  }

  /** Offset (relative to the start of this sink) of the next byte written. */
  get position(): number {
    return this.length + Buffer.byteLength(this.pending, 'latin1');
  }

  flush(): void {
    if (!this.pending) return;
    const b = Buffer.from(this.pending, 'latin1');
    this.pending = '';
    this.chunks.push(b);
    this.length += b.length;
  }

  toBytes(): Uint8Array {
    this.flush();
    return Buffer.concat(this.chunks);
  }
}

/** Writes one object, encrypting strings and streams when the file is encrypted. */
export class ObjectWriter {
  private readonly sink: ByteSink;
  private readonly encryption: Encryption | undefined;

  constructor(sink: ByteSink, encryption: Encryption | undefined) {
    this.sink = sink;
    this.encryption = encryption;
  }

  writeIndirect(ref: PdfRef, obj: WritableObject): void {
    this.sink.text(`${ref.num} ${ref.gen} obj\n`);
    this.write(obj, ref, false);
    this.sink.text('\nendobj\n');
  }

  write(o: WritableObject, ref: PdfRef | undefined, inSig: boolean): void {
    const s = this.sink;
    if (o === null) s.text('null');
    else if (typeof o === 'boolean') s.text(o ? 'true' : 'false');
    else if (typeof o === 'number') s.text(formatNumber(o));
    else if (o instanceof PdfName) s.text(formatName(o.value));
    else if (o instanceof PdfRef) s.text(`${o.num} ${o.gen} R`);
    else if (o instanceof PdfRaw) {
      if (o.label) s.labels.set(o.label, { offset: s.position, length: o.bytes.length });
      s.bytes(o.bytes);
    } else if (o instanceof PdfString) {
      const bytes =
        this.encryption && ref ? this.encryption.encryptBytes(o.bytes, ref.num, ref.gen, false) : o.bytes;
      s.text(o.hex || this.encryption ? `<${Buffer.from(bytes).toString('hex')}>` : literal(bytes));
    } else if (Array.isArray(o)) {
      s.text('[');
      o.forEach((x, i) => {
        if (i > 0) s.text(' ');
        this.write(x, ref, inSig);
      });
      s.text(']');
    } else if (o instanceof PdfStream) {
      const data =
        this.encryption && ref && o.dict.getName('Type') !== 'XRef'
          ? this.encryption.encryptBytes(o.data, ref.num, ref.gen, true)
          : o.data;
      const d = o.dict.clone();
      d.set('Length', data.length);
      this.write(d, ref, inSig);
      s.text('\nstream\n');
      s.bytes(data);
      s.text('\nendstream');
    } else if (o instanceof PdfDict) {
      const sig = isSignatureDict(o);
      s.text('<<');
      for (const [k, v] of o.map) {
        s.text(`${formatName(k)} `);
        // The signature's /Contents stays unencrypted (ISO 32000-2 §7.6.2).
        this.write(v, sig && k === 'Contents' ? undefined : ref, sig);
        s.text('\n');
      }
      s.text('>>');
    }
  }
}

function literal(bytes: Uint8Array): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}
