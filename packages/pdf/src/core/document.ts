import { DecodedBudget } from './decoded-budget.ts';
import { Encryption } from './encryption.ts';
import { invalidDocument } from './errors.ts';
import { decodeStream } from './filters.ts';
import { limits } from './limits.ts';
import { PdfDict, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.ts';
import { latin1, Parser } from './parser.ts';
import { readXref, type XrefData, type XrefEntry } from './xref.ts';

const OBJSTM_CACHE = 8;

/**
 * A PDF opened for reading without parsing its pages: only the cross-reference data is read up
 * front, and objects are parsed when asked for (and cached). The bytes are never modified.
 */
export class PdfDocument {
  private readonly cache = new Map<number, PdfObject>();
  private readonly objStms = new Map<
    number,
    { offsets: Map<number, number>; data: Uint8Array; first: number }
  >();
  private readonly inProgress = new Set<number>();
  /** Object streams already charged to the budget (an evicted one decoded again is not). */
  private readonly charged = new Set<number>();
  private lookupCount = 0;
  readonly encryption: Encryption | undefined;

  readonly bytes: Uint8Array;
  readonly xref: XrefData;
  /** Decoded bytes this document may still cost (structure here, content in the sandbox). */
  readonly budget: DecodedBudget;

  private constructor(bytes: Uint8Array, xref: XrefData, budget: DecodedBudget) {
    this.bytes = bytes;
    this.xref = xref;
    this.budget = budget;
    const enc = xref.trailer.get('Encrypt');
    if (enc !== undefined && enc !== null) {
      const encDict = enc instanceof PdfRef ? this.getRaw(enc) : enc;
      if (!(encDict instanceof PdfDict)) throw invalidDocument('The encryption dictionary is unreadable.');
      this.encryption = Encryption.open(encDict, this.id0());
    }
  }

  /** Opens a PDF; throws `PdfError(-59)` when its structure cannot be read. */
  static open(bytes: Uint8Array, budget: DecodedBudget = new DecodedBudget()): PdfDocument {
    if (bytes.length < 8) throw invalidDocument('The file is empty or too short to be a PDF.');
    const head = latin1(bytes, 0, Math.min(1024, bytes.length));
    if (!head.includes('%PDF-')) throw invalidDocument('The file is not a PDF.');
    const doc = new PdfDocument(bytes, readXref(bytes, budget), budget);
    if (!(doc.catalog() instanceof PdfDict)) throw invalidDocument('The document catalog is missing.');
    return doc;
  }

  get trailer(): PdfDict {
    return this.xref.trailer;
  }

  /** Highest object number + 1, as `/Size` must say. */
  get size(): number {
    let max = this.xref.trailer.getNumber('Size') ?? 0;
    for (const n of this.xref.entries.keys()) if (n + 1 > max) max = n + 1;
    return max;
  }

  id0(): Uint8Array {
    const id = this.xref.trailer.get('ID');
    const first = Array.isArray(id) ? id[0] : undefined;
    return first instanceof PdfString ? first.bytes : new Uint8Array(0);
  }

  catalog(): PdfDict {
    const root = this.resolve(this.xref.trailer.get('Root'));
    if (!(root instanceof PdfDict)) throw invalidDocument('The document catalog is missing.');
    return root;
  }

  /** Follows references until a direct object (bounded, so reference loops end). */
  resolve(o: PdfObject | undefined): PdfObject | undefined {
    let cur = o;
    for (let i = 0; cur instanceof PdfRef; i++) {
      if (i >= limits.maxRefChain) throw invalidDocument('A chain of references loops.');
      cur = this.get(cur);
    }
    return cur;
  }

  resolveDict(o: PdfObject | undefined): PdfDict | undefined {
    const r = this.resolve(o);
    if (r instanceof PdfDict) return r;
    if (r instanceof PdfStream) return r.dict;
    return undefined;
  }

  /** An indirect object, decrypted; `null` for free or missing objects (as the spec says). */
  get(ref: PdfRef): PdfObject {
    this.lookupCount++;
    const cached = this.cache.get(ref.num);
    if (cached !== undefined) return cached;
    const raw = this.getRaw(ref);
    const entry = this.xref.entries.get(ref.num);
    const obj =
      this.encryption && entry?.type === 'offset' && !this.isEncryptDict(ref)
        ? this.encryption.decryptObject(raw, ref.num, ref.gen)
        : raw;
    this.cache.set(ref.num, obj);
    return obj;
  }

  /** Indirect objects asked for so far, cached or not: what tests count to prove work is linear. */
  get lookups(): number {
    return this.lookupCount;
  }

  entry(num: number): XrefEntry | undefined {
    return this.xref.entries.get(num);
  }

  private isEncryptDict(ref: PdfRef): boolean {
    const e = this.xref.trailer.get('Encrypt');
    return e instanceof PdfRef && e.num === ref.num;
  }

  private getRaw(ref: PdfRef): PdfObject {
    const entry = this.xref.entries.get(ref.num);
    if (!entry || entry.type === 'free') return null;
    if (this.inProgress.has(ref.num))
      throw invalidDocument(`Object ${ref.num} refers to itself while being read.`);
    this.inProgress.add(ref.num);
    try {
      if (entry.type === 'offset') {
        if (entry.offset <= 0 || entry.offset >= this.bytes.length) {
          throw invalidDocument(`Object ${ref.num} points outside the file.`);
        }
        const p = new Parser(this.bytes, entry.offset, (r) => this.lengthOf(r));
        let ind: ReturnType<Parser['parseIndirect']>;
        try {
          ind = p.parseIndirect();
        } catch (e) {
          throw invalidDocument(
            `Object ${ref.num} is damaged or not where the cross-reference table says (${(e as Error).message})`,
          );
        }
        if (ind.num !== ref.num)
          throw invalidDocument(`Object ${ref.num} is not where the cross-reference table says.`);
        return ind.obj;
      }
      return this.fromObjectStream(entry.stream, entry.index, ref.num);
    } finally {
      this.inProgress.delete(ref.num);
    }
  }

  private lengthOf(r: PdfRef): number | undefined {
    try {
      const v = this.get(r);
      return typeof v === 'number' ? v : undefined;
    } catch {
      return undefined;
    }
  }

  private fromObjectStream(streamNum: number, index: number, num: number): PdfObject {
    let stm = this.objStms.get(streamNum);
    if (!stm) {
      const e = this.xref.entries.get(streamNum);
      if (e?.type !== 'offset') throw invalidDocument(`Object stream ${streamNum} is missing.`);
      const s = this.get(new PdfRef(streamNum, e.gen));
      if (!(s instanceof PdfStream)) throw invalidDocument(`Object stream ${streamNum} is not a stream.`);
      const data = decodeStream(s, this.charged.has(streamNum) ? new DecodedBudget() : this.budget);
      this.charged.add(streamNum);
      const n = s.dict.getNumber('N') ?? 0;
      const first = s.dict.getNumber('First') ?? 0;
      if (n < 0 || n > limits.maxCollectionSize || first < 0 || first > data.length) {
        throw invalidDocument(`Object stream ${streamNum} has an invalid header.`);
      }
      const p = new Parser(data, 0);
      const offsets = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const objNum = p.readInt();
        const off = p.readInt();
        if (!offsets.has(objNum)) offsets.set(objNum, first + off);
      }
      stm = { offsets, data, first };
      if (this.objStms.size >= OBJSTM_CACHE) {
        const oldest = this.objStms.keys().next().value;
        if (oldest !== undefined) this.objStms.delete(oldest);
      }
      this.objStms.set(streamNum, stm);
    }
    void index;
    const off = stm.offsets.get(num);
    if (off === undefined) throw invalidDocument(`Object ${num} is missing from its object stream.`);
    return new Parser(stm.data, off).parseObject();
  }

  /** The decoded data of a stream object (bounded). */
  streamData(s: PdfStream): Uint8Array {
    return decodeStream(s);
  }
}
