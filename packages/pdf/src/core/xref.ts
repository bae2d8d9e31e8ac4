import { DecodedBudget, DecodedLimitError } from './decoded-budget.ts';
import { invalidDocument } from './errors.ts';
import { decodeStream } from './filters.ts';
import { limits } from './limits.ts';
import { PdfDict, type PdfObject, PdfStream } from './objects.ts';
import { indexOfBytes, lastIndexOfBytes, latin1, Parser } from './parser.ts';

export type XrefEntry =
  | { type: 'free' }
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

export type XrefKind = 'table' | 'stream';

export interface XrefData {
  /** Newest entry for every object number. */
  entries: Map<number, XrefEntry>;
  /** The newest trailer (for xref streams, the stream's dictionary). */
  trailer: PdfDict;
  /** Offset of the newest cross-reference section, as the next `/Prev` must name it. */
  startxref: number;
  /** Kind of the newest section: an update must append a section of the same kind. */
  kind: XrefKind;
  /** Offsets of every section read, newest first (revisions for verification). */
  sections: number[];
}

const STARTXREF = Buffer.from('startxref', 'latin1');
const XREF = Buffer.from('xref', 'latin1');

/** How far a `startxref` or `/Prev` offset may be off before the file counts as unreadable. */
const OFFSET_SLACK = 32;

function unreadable(detail: string): Error {
  return invalidDocument(
    `The cross-reference data of this PDF is unreadable (${detail}), so it cannot be extended without rewriting it.`,
  );
}

/** Reads the trailer and every cross-reference section, following `/Prev` and `/XRefStm`. */
export function readXref(buf: Uint8Array, budget: DecodedBudget = new DecodedBudget()): XrefData {
  const sx = lastIndexOfBytes(buf, STARTXREF, buf.length - 1);
  if (sx < 0) throw unreadable('no startxref');
  const p = new Parser(buf, sx + STARTXREF.length);
  const tok = p.readToken();
  if (!/^\d+$/.test(tok)) throw unreadable('startxref has no offset');
  const claimed = Number(tok);
  const entries = new Map<number, XrefEntry>();
  const visited = new Set<number>();
  const sections: number[] = [];
  let trailer: PdfDict | undefined;
  let kind: XrefKind = 'table';
  let startxref = -1;
  let next: number | undefined = claimed;
  while (next !== undefined) {
    if (sections.length >= limits.maxXrefSections) throw unreadable('too many sections');
    const at = locateSection(buf, next);
    if (at === undefined) throw unreadable(`no cross-reference section at offset ${next}`);
    if (visited.has(at.offset)) throw unreadable('the /Prev chain loops');
    visited.add(at.offset);
    sections.push(at.offset);
    const section =
      at.kind === 'table' ? readTable(buf, at.offset) : readStreamSection(buf, at.offset, budget);
    if (startxref < 0) {
      startxref = at.offset;
      kind = at.kind;
      trailer = section.trailer;
    }
    // Hybrid files: the hidden xref stream fills entries the table leaves free or absent.
    const hidden = section.trailer.get('XRefStm');
    if (at.kind === 'table' && typeof hidden === 'number') {
      const h = locateSection(buf, hidden);
      if (h?.kind === 'stream' && !visited.has(h.offset)) {
        visited.add(h.offset);
        const hs = readStreamSection(buf, h.offset, budget);
        for (const [num, e] of hs.entries) {
          const cur = section.entries.get(num);
          if (!cur || cur.type === 'free') section.entries.set(num, e);
        }
      }
    }
    for (const [num, e] of section.entries) if (!entries.has(num)) entries.set(num, e);
    const prev = section.trailer.get('Prev');
    next = typeof prev === 'number' && prev >= 0 ? prev : undefined;
  }
  if (!trailer) throw unreadable('no trailer');
  return { entries, trailer, startxref, kind, sections };
}

/** Finds the section at `offset`, tolerating a few bytes of error as some writers make. */
function locateSection(buf: Uint8Array, offset: number): { offset: number; kind: XrefKind } | undefined {
  if (!Number.isInteger(offset) || offset < 0 || offset >= buf.length) return undefined;
  const exact = kindAt(buf, offset);
  if (exact) return { offset, kind: exact };
  for (let d = 1; d <= OFFSET_SLACK; d++) {
    for (const o of [offset - d, offset + d]) {
      if (o < 0 || o >= buf.length) continue;
      const k = kindAt(buf, o);
      if (k) return { offset: o, kind: k };
    }
  }
  return undefined;
}

function kindAt(buf: Uint8Array, offset: number): XrefKind | undefined {
  // The section must start at a token boundary.
  const before = buf[offset - 1];
  if (offset > 0 && before !== undefined && ![9, 10, 12, 13, 32, 0x3e].includes(before)) return undefined;
  if (indexOfBytes(buf.subarray(offset, offset + 4), XREF, 0) === 0) return 'table';
  const m = /^(\d+)\s+(\d+)\s+obj\b/.exec(latin1(buf, offset, Math.min(buf.length, offset + 40)));
  return m ? 'stream' : undefined;
}

interface Section {
  entries: Map<number, XrefEntry>;
  trailer: PdfDict;
}

function readTable(buf: Uint8Array, offset: number): Section {
  const p = new Parser(buf, offset + 4);
  const entries = new Map<number, XrefEntry>();
  for (;;) {
    p.skipWhite();
    if (p.peekKeyword('trailer')) {
      p.pos += 7;
      break;
    }
    const first = p.readToken();
    const count = p.readToken();
    if (!/^\d+$/.test(first) || !/^\d+$/.test(count)) throw unreadable('a malformed xref table');
    const start = Number(first);
    const n = Number(count);
    if (start + n > limits.maxObjectNumber) throw unreadable('an xref subsection is too large');
    for (let i = 0; i < n; i++) {
      const off = p.readToken();
      const gen = p.readToken();
      const t = p.readToken();
      if (!/^\d+$/.test(off) || !/^\d+$/.test(gen) || (t !== 'n' && t !== 'f')) {
        throw unreadable('a malformed xref entry');
      }
      const num = start + i;
      if (entries.has(num)) continue;
      entries.set(
        num,
        t === 'n' ? { type: 'offset', offset: Number(off), gen: Number(gen) } : { type: 'free' },
      );
    }
  }
  const trailer = p.parseObject();
  if (!(trailer instanceof PdfDict)) throw unreadable('the trailer is not a dictionary');
  return { entries, trailer };
}

function readStreamSection(buf: Uint8Array, offset: number, budget = new DecodedBudget()): Section {
  const p = new Parser(buf, offset);
  let obj: PdfObject;
  try {
    obj = p.parseIndirect().obj;
  } catch {
    throw unreadable('a damaged xref stream');
  }
  if (!(obj instanceof PdfStream) || obj.dict.getName('Type') !== 'XRef')
    throw unreadable('not an xref stream');
  const d = obj.dict;
  const w = d.get('W');
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => typeof x === 'number' && x >= 0 && x <= 8)) {
    throw unreadable('an xref stream with invalid /W');
  }
  const [w0, w1, w2] = w as [number, number, number];
  const size = d.getNumber('Size') ?? 0;
  if (size > limits.maxObjectNumber) throw unreadable('/Size is too large');
  const index = d.get('Index');
  const ranges: number[] = Array.isArray(index)
    ? index.filter((x): x is number => typeof x === 'number')
    : [0, size];
  let data: Uint8Array;
  try {
    data = decodeStream(obj, budget);
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
    throw unreadable('an xref stream that cannot be decompressed');
  }
  const rowLen = w0 + w1 + w2;
  if (rowLen === 0) throw unreadable('an xref stream with empty rows');
  const entries = new Map<number, XrefEntry>();
  let pos = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const start = ranges[r] as number;
    const count = ranges[r + 1] as number;
    if (start + count > limits.maxObjectNumber) throw unreadable('an xref stream range is too large');
    for (let i = 0; i < count; i++) {
      if (pos + rowLen > data.length) break;
      const type = w0 === 0 ? 1 : field(data, pos, w0);
      const f2 = field(data, pos + w0, w1);
      const f3 = field(data, pos + w0 + w1, w2);
      pos += rowLen;
      const num = start + i;
      if (entries.has(num)) continue;
      if (type === 1) entries.set(num, { type: 'offset', offset: f2, gen: f3 });
      else if (type === 2) entries.set(num, { type: 'compressed', stream: f2, index: f3 });
      else entries.set(num, { type: 'free' });
    }
  }
  return { entries, trailer: d };
}

function field(data: Uint8Array, pos: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + (data[pos + i] as number);
  return v;
}

/** Object numbers one section (at a known offset) declares in use: what that revision wrote. */
export function objectsOfSection(buf: Uint8Array, offset: number): number[] {
  const at = locateSection(buf, offset);
  if (!at) return [];
  const s = at.kind === 'table' ? readTable(buf, at.offset) : readStreamSection(buf, at.offset);
  return [...s.entries].filter(([, e]) => e.type !== 'free').map(([n]) => n);
}
