/**
 * The PDF object model shared by the reader, the incremental writer and the other stream's
 * appearance code. Values are plain and immutable except dictionaries and arrays, which callers
 * build up before handing them to an `IncrementalUpdate`.
 */

export class PdfName {
  private static readonly interned = new Map<string, PdfName>();
  readonly value: string;
  private constructor(value: string) {
    this.value = value;
  }
  /** Names are interned, so `PdfName.of('Type') === PdfName.of('Type')`. */
  static of(value: string): PdfName {
    let name = PdfName.interned.get(value);
    if (!name) {
      name = new PdfName(value);
      // Interning is bounded: names read from hostile files are not interned past this size.
      if (PdfName.interned.size < 50_000) PdfName.interned.set(value, name);
    }
    return name;
  }
  toString(): string {
    return `/${this.value}`;
  }
}

/** A string as bytes; `hex` only chooses how the writer spells it. */
export class PdfString {
  readonly bytes: Uint8Array;
  readonly hex: boolean;
  constructor(bytes: Uint8Array, hex = false) {
    this.bytes = bytes;
    this.hex = hex;
  }
  /** A text string: PDFDocEncoding-compatible ASCII as is, anything else as UTF-16BE with BOM. */
  static text(value: string): PdfString {
    if (/^[\x20-\x7e]*$/.test(value)) return new PdfString(new TextEncoder().encode(value));
    const out = new Uint8Array(2 + value.length * 2);
    out[0] = 0xfe;
    out[1] = 0xff;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      out[2 + i * 2] = c >> 8;
      out[3 + i * 2] = c & 0xff;
    }
    return new PdfString(out);
  }
  /** Decodes a text string (UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding ≈ Latin-1). */
  asText(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
      let s = '';
      for (let i = 2; i + 1 < b.length; i += 2)
        s += String.fromCharCode(((b[i] ?? 0) << 8) | (b[i + 1] ?? 0));
      return s;
    }
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
      return new TextDecoder().decode(b.subarray(3));
    }
    return Buffer.from(b).toString('latin1');
  }
}

export class PdfRef {
  readonly num: number;
  readonly gen: number;
  constructor(num: number, gen: number) {
    this.num = num;
    this.gen = gen;
  }
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

export type PdfArray = PdfObject[];

export class PdfDict {
  readonly map: Map<string, PdfObject>;
  constructor(entries?: Iterable<readonly [string, PdfObject]>) {
    this.map = new Map(entries ?? []);
  }
  get(key: string): PdfObject | undefined {
    return this.map.get(key);
  }
  set(key: string, value: PdfObject | undefined): this {
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, value);
    return this;
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  /** A shallow copy: the writer changes copies, never objects the reader cached. */
  clone(): PdfDict {
    return new PdfDict(this.map);
  }
  getName(key: string): string | undefined {
    const v = this.map.get(key);
    return v instanceof PdfName ? v.value : undefined;
  }
  getNumber(key: string): number | undefined {
    const v = this.map.get(key);
    return typeof v === 'number' ? v : undefined;
  }
}

/** A stream: its dictionary and its encoded bytes (as stored, before any filter is undone). */
export class PdfStream {
  readonly dict: PdfDict;
  readonly data: Uint8Array;
  constructor(dict: PdfDict, data: Uint8Array) {
    this.dict = dict;
    this.data = data;
  }
}

/**
 * Bytes written verbatim and never encrypted, with a label so the writer can report where they
 * landed: the signature's `/Contents` and `/ByteRange` placeholders. Never produced by the reader.
 */
export class PdfRaw {
  readonly bytes: Uint8Array;
  readonly label: string | undefined;
  constructor(bytes: Uint8Array, label?: string) {
    this.bytes = bytes;
    this.label = label;
  }
}

export type PdfObject =
  | null
  | boolean
  | number
  | PdfName
  | PdfString
  | PdfArray
  | PdfDict
  | PdfRef
  | PdfStream
  | PdfRaw;

/** Shorthand for building dictionaries: `dict({ Type: name('Annot'), Rect: [0, 0, 10, 10] })`. */
export function dict(entries: Record<string, PdfObject | undefined>): PdfDict {
  const d = new PdfDict();
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) d.set(k, v);
  return d;
}

export function name(value: string): PdfName {
  return PdfName.of(value);
}

export function isDict(o: PdfObject | undefined): o is PdfDict {
  return o instanceof PdfDict;
}
