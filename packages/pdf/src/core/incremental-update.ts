import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { PdfDocument } from './document.ts';
import { invalidDocument } from './errors.ts';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.ts';
import { ByteSink, ObjectWriter } from './serializer.ts';

/** The bytes an update appends, and where its labelled raw placeholders landed (absolute offsets). */
export interface WrittenUpdate {
  /** Bytes to append to the original file, in order. */
  appended: Uint8Array;
  /** Length of the whole new file (original + appended). */
  totalLength: number;
  /** Absolute offsets of `PdfRaw` placeholders by label. */
  placeholders: Map<string, { offset: number; length: number }>;
}

/**
 * One incremental revision: new and changed objects, then a cross-reference section of the kind
 * the file already uses and a trailer with `/Prev`. The original bytes are never touched.
 *
 * Both streams use one update per signer: tag appearances (annotations, fonts, images) and the
 * signature go into the same revision, then `write()` is called once.
 */
export class IncrementalUpdate {
  private readonly objects = new Map<number, { ref: PdfRef; obj: PdfObject }>();
  private nextNum: number;

  readonly doc: PdfDocument;

  constructor(doc: PdfDocument) {
    this.doc = doc;
    this.nextNum = doc.size;
  }

  /** Reserves a new object number (its object is given later with `set`). */
  allocate(): PdfRef {
    const ref = new PdfRef(this.nextNum++, 0);
    this.objects.set(ref.num, { ref, obj: null });
    return ref;
  }

  /** Adds a new indirect object and returns its reference. */
  add(obj: PdfObject): PdfRef {
    const ref = this.allocate();
    this.set(ref, obj);
    return ref;
  }

  /** Sets a new object, or replaces an existing one in this revision. */
  set(ref: PdfRef, obj: PdfObject): void {
    this.objects.set(ref.num, { ref, obj });
  }

  /** The object as this revision will have it: changed here, or as read from the file. */
  get(ref: PdfRef): PdfObject {
    const mine = this.objects.get(ref.num);
    return mine ? mine.obj : this.doc.get(ref);
  }

  resolve(o: PdfObject | undefined): PdfObject | undefined {
    for (let i = 0; o instanceof PdfRef; i++) {
      if (i > 32) throw invalidDocument('A chain of references loops.');
      o = this.get(o);
    }
    return o;
  }

  /**
   * A copy of an existing dictionary (or stream dictionary) registered as changed in this
   * revision; mutate the returned dictionary freely.
   */
  edit(ref: PdfRef): PdfDict {
    const mine = this.objects.get(ref.num);
    const cur = mine ? mine.obj : this.doc.get(ref);
    if (cur instanceof PdfDict) {
      const copy = mine ? cur : cur.clone();
      this.set(ref, copy);
      return copy;
    }
    if (cur instanceof PdfStream) {
      const s = mine ? cur : new PdfStream(cur.dict.clone(), cur.data);
      this.set(ref, s);
      return s.dict;
    }
    throw invalidDocument(`Object ${ref.num} is not a dictionary and cannot be changed.`);
  }

  /** True when the revision changes or adds this object. */
  touches(ref: PdfRef): boolean {
    return this.objects.has(ref.num);
  }

  get isEmpty(): boolean {
    return this.objects.size === 0;
  }

  /** Serialises the revision. Call once; the update must not be changed afterwards. */
  write(): WrittenUpdate {
    const doc = this.doc;
    const base = doc.bytes.length;
    const sink = new ByteSink();
    const last = doc.bytes[base - 1];
    if (last !== 0x0a && last !== 0x0d) sink.text('\n');
    const writer = new ObjectWriter(sink, doc.encryption);
    const offsets = new Map<number, { offset: number; gen: number }>();
    const sorted = [...this.objects.values()].sort((a, b) => a.ref.num - b.ref.num);
    for (const { ref, obj } of sorted) {
      offsets.set(ref.num, { offset: base + sink.position, gen: ref.gen });
      writer.writeIndirect(ref, obj);
    }
    const trailer = this.trailer();
    const xrefOffset = base + sink.position;
    if (doc.xref.kind === 'stream') {
      const xrefRef = new PdfRef(this.nextNum, 0);
      offsets.set(xrefRef.num, { offset: xrefOffset, gen: 0 });
      trailer.set('Size', xrefRef.num + 1);
      const stream = xrefStream(offsets, trailer);
      // The xref stream itself is never encrypted.
      new ObjectWriter(sink, undefined).writeIndirect(xrefRef, stream);
    } else {
      sink.text(xrefTable(offsets));
      sink.text('trailer\n');
      writer.write(trailer, undefined, false);
      sink.text('\n');
    }
    sink.text(`startxref\n${xrefOffset}\n%%EOF\n`);
    const appended = sink.toBytes();
    const placeholders = new Map<string, { offset: number; length: number }>();
    for (const [k, v] of sink.labels) placeholders.set(k, { offset: base + v.offset, length: v.length });
    return { appended, totalLength: base + appended.length, placeholders };
  }

  private trailer(): PdfDict {
    const old = this.doc.trailer;
    const t = new PdfDict();
    t.set('Size', this.nextNum);
    for (const key of ['Root', 'Info', 'Encrypt']) {
      const v = old.get(key);
      if (v !== undefined && v !== null) t.set(key, v);
    }
    const id = old.get('ID');
    const id0 = Array.isArray(id) && id[0] instanceof PdfString ? id[0] : undefined;
    // ID[0] is permanent (and keys encryption); ID[1] changes with every revision.
    const first = id0 ?? new PdfString(createHash('md5').update(randomBytes(16)).digest(), true);
    t.set('ID', [new PdfString(first.bytes, true), new PdfString(randomBytes(16), true)]);
    t.set('Prev', this.doc.xref.startxref);
    return t;
  }
}

function xrefTable(offsets: Map<number, { offset: number; gen: number }>): string {
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  let out = 'xref\n';
  // Object 0 heads the free list; an update re-declares it only when the section starts at 0.
  let i = 0;
  while (i < nums.length) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === (nums[j] as number) + 1) j++;
    const start = nums[i] as number;
    out += `${start} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const e = offsets.get(nums[k] as number) as { offset: number; gen: number };
      out += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`;
    }
    i = j + 1;
  }
  return out;
}

function xrefStream(offsets: Map<number, { offset: number; gen: number }>, trailer: PdfDict): PdfStream {
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  const index: number[] = [];
  let i = 0;
  while (i < nums.length) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === (nums[j] as number) + 1) j++;
    index.push(nums[i] as number, j - i + 1);
    i = j + 1;
  }
  const maxOffset = Math.max(...[...offsets.values()].map((e) => e.offset));
  const w1 = Math.max(1, Math.ceil(Math.log2(maxOffset + 1) / 8));
  const row = 1 + w1 + 2;
  const data = Buffer.alloc(nums.length * row);
  nums.forEach((n, k) => {
    const e = offsets.get(n) as { offset: number; gen: number };
    const at = k * row;
    data[at] = 1;
    for (let b = 0; b < w1; b++) data[at + 1 + b] = Math.floor(e.offset / 256 ** (w1 - 1 - b)) & 255;
    data[at + 1 + w1] = (e.gen >> 8) & 255;
    data[at + 2 + w1] = e.gen & 255;
  });
  const d = trailer.clone();
  d.set('Type', PdfName.of('XRef'));
  d.set('W', [1, w1, 2]);
  d.set('Index', index);
  d.set('Filter', PdfName.of('FlateDecode'));
  return new PdfStream(d, deflateSync(data));
}
