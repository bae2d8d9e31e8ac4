import { invalidDocument } from './errors.ts';
import { limits } from './limits.ts';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.ts';

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

export function isWhite(c: number | undefined): boolean {
  return c !== undefined && WS[c] === 1;
}
export function isRegular(c: number | undefined): boolean {
  return c !== undefined && WS[c] !== 1 && DELIM[c] !== 1;
}

/** Resolves an indirect `/Length` while a stream is parsed; undefined when unknown. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

export interface IndirectObject {
  num: number;
  gen: number;
  obj: PdfObject;
  /** Offset just past `endobj` (or past the object when `endobj` is missing). */
  end: number;
}

/**
 * A recursive-descent parser over the file's bytes. It never copies stream data: a stream's
 * `data` is a view into the file buffer.
 */
export class Parser {
  readonly buf: Uint8Array;
  pos: number;
  private readonly resolveLength: LengthResolver | undefined;

  constructor(buf: Uint8Array, pos: number, resolveLength?: LengthResolver) {
    this.buf = buf;
    this.pos = pos;
    this.resolveLength = resolveLength;
  }

  skipWhite(): void {
    const b = this.buf;
    for (;;) {
      const c = b[this.pos];
      if (c === undefined) return;
      if (WS[c] === 1) this.pos++;
      else if (c === 0x25 /* % */) {
        while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      } else return;
    }
  }

  /** Reads a bare keyword or number token without interpreting it. */
  readToken(): string {
    this.skipWhite();
    const start = this.pos;
    while (isRegular(this.buf[this.pos])) this.pos++;
    return latin1(this.buf, start, this.pos);
  }

  peekKeyword(word: string): boolean {
    this.skipWhite();
    for (let i = 0; i < word.length; i++) if (this.buf[this.pos + i] !== word.charCodeAt(i)) return false;
    return !isRegular(this.buf[this.pos + word.length]);
  }

  /** Parses `num gen obj … endobj` at the current position. */
  parseIndirect(): IndirectObject {
    const num = this.readInt();
    const gen = this.readInt();
    if (this.readToken() !== 'obj') throw invalidDocument('An object header is malformed.');
    const obj = this.parseObject(0, true);
    const save = this.pos;
    if (this.peekKeyword('endobj')) this.pos += 6;
    else this.pos = save;
    return { num, gen, obj, end: this.pos };
  }

  readInt(): number {
    const t = this.readToken();
    if (!/^\d{1,10}$/.test(t)) throw invalidDocument('A number was expected in the file structure.');
    return Number(t);
  }

  parseObject(depth = 0, allowStream = false): PdfObject {
    if (depth > limits.maxDepth) throw invalidDocument('Objects are nested too deeply.');
    this.skipWhite();
    const b = this.buf;
    const c = b[this.pos];
    if (c === undefined) throw invalidDocument('The file ends inside an object.');
    switch (c) {
      case 0x2f /* / */:
        return this.parseName();
      case 0x28 /* ( */:
        return this.parseLiteralString();
      case 0x3c /* < */:
        if (b[this.pos + 1] === 0x3c) {
          const d = this.parseDict(depth);
          if (allowStream && this.peekKeyword('stream')) return this.parseStreamBody(d);
          return d;
        }
        return this.parseHexString();
      case 0x5b /* [ */:
        {
          this.pos++;
          const arr: PdfObject[] = [];
          for (;;) {
            this.skipWhite();
            const d = b[this.pos];
            if (d === undefined) throw invalidDocument('The file ends inside an array.');
            if (d === 0x5d /* ] */) {
              this.pos++;
              return arr;
            }
            if (arr.length >= limits.maxCollectionSize) throw invalidDocument('An array is too large.');
            arr.push(this.parseObject(depth + 1));
          }
        }
      default:
        break;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.parseNumberOrRef();
    const word = this.readToken();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    throw invalidDocument(`Unexpected "${word.slice(0, 20) || String.fromCharCode(c)}" in an object.`);
  }

  private parseNumberOrRef(): PdfObject {
    const b = this.buf;
    const start = this.pos;
    let isInt = true;
    if (b[this.pos] === 0x2b || b[this.pos] === 0x2d) this.pos++;
    // Tolerate doubled signs such as "--5" written by some producers.
    while (b[this.pos] === 0x2d || b[this.pos] === 0x2b) this.pos++;
    while (this.pos < b.length) {
      const d = b[this.pos] as number;
      if (d >= 0x30 && d <= 0x39) this.pos++;
      else if (d === 0x2e) {
        isInt = false;
        this.pos++;
      } else break;
    }
    const text = latin1(b, start, this.pos).replace(/^[+-]+/, (s) => (s.includes('-') ? '-' : ''));
    const value = text === '' || text === '-' || text === '.' || text === '-.' ? 0 : Number.parseFloat(text);
    const num = Number.isFinite(value) ? value : 0;
    if (!isInt || b[start] === 0x2b || b[start] === 0x2d) return num;
    // An integer may start a reference "num gen R".
    const save = this.pos;
    this.skipWhite();
    const genStart = this.pos;
    while (this.pos < b.length && (b[this.pos] as number) >= 0x30 && (b[this.pos] as number) <= 0x39)
      this.pos++;
    if (this.pos > genStart && this.pos - genStart <= 5) {
      const gen = Number(latin1(b, genStart, this.pos));
      this.skipWhite();
      if (b[this.pos] === 0x52 /* R */ && !isRegular(b[this.pos + 1])) {
        this.pos++;
        return new PdfRef(num, gen);
      }
    }
    this.pos = save;
    return num;
  }

  private parseName(): PdfName {
    const b = this.buf;
    this.pos++;
    const start = this.pos;
    while (isRegular(b[this.pos])) this.pos++;
    let raw = latin1(b, start, this.pos);
    if (raw.includes('#')) {
      raw = raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    }
    return PdfName.of(raw);
  }

  private parseLiteralString(): PdfString {
    const b = this.buf;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      let c = b[this.pos++] as number;
      if (c === 0x5c /* \ */) {
        c = b[this.pos++] ?? 0;
        switch (c) {
          case 0x6e:
            out.push(10);
            break;
          case 0x72:
            out.push(13);
            break;
          case 0x74:
            out.push(9);
            break;
          case 0x62:
            out.push(8);
            break;
          case 0x66:
            out.push(12);
            break;
          case 0x0d:
            if (b[this.pos] === 0x0a) this.pos++;
            break;
          case 0x0a:
            break;
          default:
            if (c >= 0x30 && c <= 0x37) {
              let v = c - 0x30;
              for (let k = 0; k < 2; k++) {
                const d = b[this.pos] as number;
                if (d >= 0x30 && d <= 0x37) {
                  v = v * 8 + d - 0x30;
                  this.pos++;
                } else break;
              }
              out.push(v & 0xff);
            } else out.push(c);
        }
        continue;
      }
      if (c === 0x28) depth++;
      else if (c === 0x29) {
        depth--;
        if (depth === 0) return new PdfString(Uint8Array.from(out));
      }
      out.push(c);
    }
    throw invalidDocument('A string is not terminated.');
  }

  private parseHexString(): PdfString {
    const b = this.buf;
    this.pos++;
    const end = b.indexOf(0x3e, this.pos);
    if (end < 0) throw invalidDocument('A hex string is not terminated.');
    const hex = latin1(b, this.pos, end).replace(/[^0-9a-fA-F]/g, '');
    this.pos = end + 1;
    return new PdfString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'), true);
  }

  private parseDict(depth: number): PdfDict {
    const b = this.buf;
    this.pos += 2;
    const d = new PdfDict();
    for (;;) {
      this.skipWhite();
      const c = b[this.pos];
      if (c === undefined) throw invalidDocument('The file ends inside a dictionary.');
      if (c === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return d;
      }
      if (c !== 0x2f) throw invalidDocument('A dictionary key is not a name.');
      const key = this.parseName().value;
      this.skipWhite();
      // A key without value just before ">>" is dropped rather than failing the whole object.
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) continue;
      if (d.map.size >= limits.maxCollectionSize) throw invalidDocument('A dictionary is too large.');
      d.set(key, this.parseObject(depth + 1));
    }
  }

  private parseStreamBody(d: PdfDict): PdfStream {
    const b = this.buf;
    this.pos += 6; // "stream"
    if (b[this.pos] === 0x0d) this.pos++;
    if (b[this.pos] === 0x0a) this.pos++;
    const start = this.pos;
    let length: number | undefined;
    const l = d.get('Length');
    if (typeof l === 'number') length = l;
    else if (l instanceof PdfRef && this.resolveLength) length = this.resolveLength(l);
    if (length !== undefined && Number.isInteger(length) && length >= 0 && start + length <= b.length) {
      const p = new Parser(b, start + length);
      if (p.peekKeyword('endstream')) {
        this.pos = p.pos + 9;
        return new PdfStream(d, b.subarray(start, start + length));
      }
    }
    // The length is missing or wrong: the data ends before the next "endstream".
    const end = indexOfBytes(b, ENDSTREAM, start);
    if (end < 0) throw invalidDocument('A stream is not terminated.');
    let dataEnd = end;
    if (b[dataEnd - 1] === 0x0a) dataEnd--;
    if (b[dataEnd - 1] === 0x0d) dataEnd--;
    this.pos = end + 9;
    return new PdfStream(d, b.subarray(start, Math.max(start, dataEnd)));
  }
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');

export function indexOfBytes(buf: Uint8Array, needle: Uint8Array, from: number): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).indexOf(needle, from);
}

export function lastIndexOfBytes(buf: Uint8Array, needle: Uint8Array, from: number): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).lastIndexOf(needle, from);
}

export function latin1(buf: Uint8Array, start: number, end: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + start, Math.max(0, end - start)).toString('latin1');
}
