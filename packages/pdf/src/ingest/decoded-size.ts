import { constants, inflateSync } from 'node:zlib';
import { DecodedBudget, DecodedLimitError } from '../core/decoded-budget.ts';
import { PdfDocument } from '../core/document.ts';
import { decodeStream } from '../core/filters.ts';
import { type PdfObject, PdfRef, PdfStream } from '../core/objects.ts';
import { allPages } from '../core/pages.ts';

/**
 * Checks, inside the sandbox and before any full parse, that a PDF does not unpack to more than
 * its decoded-bytes budget: every object stream (a full parser unpacks them all) and every
 * page's content stream (every viewer unpacks those; a stream shared by pages, once per page)
 * is inflated against one budget, and the inflate stops as soon as the budget is spent. Refuses with `DecodedLimitError` (-59).
 *
 * Returns the document opened by the core reader (its structure already charged), or undefined
 * when the core reader cannot read the file: then every Flate stream that is not an image is
 * counted from the raw bytes instead, since the repair that follows would unpack them.
 */
export function checkDecodedSize(bytes: Uint8Array, budget = new DecodedBudget()): PdfDocument | undefined {
  let doc: PdfDocument;
  try {
    doc = PdfDocument.open(bytes, budget);
    chargeObjectStreams(doc);
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
    chargeRawStreams(bytes, new DecodedBudget(budget.limit, budget.perStream));
    return undefined;
  }
  try {
    chargeContentStreams(doc);
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
    // A page tree the core reader cannot walk: count from the raw bytes, as for unreadable files.
    chargeRawStreams(bytes, new DecodedBudget(budget.limit, budget.perStream));
  }
  return doc;
}

/** Reading one object of each object stream unpacks (and charges) the whole stream. */
function chargeObjectStreams(doc: PdfDocument): void {
  const firstOf = new Map<number, number>();
  for (const [num, e] of doc.xref.entries) {
    if (e.type === 'compressed' && !firstOf.has(e.stream)) firstOf.set(e.stream, num);
  }
  for (const num of firstOf.values()) {
    try {
      doc.get(new PdfRef(num, 0));
    } catch (e) {
      if (e instanceof DecodedLimitError) throw e;
      // A damaged object stream is the repair's business, not the budget's.
    }
  }
}

function chargeContentStreams(doc: PdfDocument): void {
  /** Decoded size of each content stream already inflated, by object number. */
  const sizeOf = new Map<number, number>();
  for (const page of allPages(doc)) {
    const contents = page.dict.get('Contents');
    const parts: PdfObject[] = Array.isArray(doc.resolve(contents))
      ? (doc.resolve(contents) as PdfObject[])
      : [contents ?? null];
    for (const part of parts) {
      // A stream shared by several pages is unpacked again for every page a viewer draws (pdf.js
      // does, and the compare reads every page): it counts once per page that uses it. It is
      // inflated only once here; its later uses are charged from the size it had.
      const known = part instanceof PdfRef ? sizeOf.get(part.num) : undefined;
      if (known !== undefined) {
        doc.budget.charge(known);
        continue;
      }
      const s = doc.resolve(part);
      if (!(s instanceof PdfStream)) continue;
      try {
        const size = decodeStream(s, doc.budget).length;
        if (part instanceof PdfRef) sizeOf.set(part.num, size);
      } catch (e) {
        if (e instanceof DecodedLimitError) throw e;
        // Filters the engine does not decode (LZW, …) or damaged data: viewers' business.
        if (part instanceof PdfRef) sizeOf.set(part.num, 0);
      }
    }
  }
}

const STREAM = /\bstream(\r\n|\n|\r)/g;

/** Every Flate stream of the raw bytes except images, found by keyword (the xref is unusable). */
function chargeRawStreams(bytes: Uint8Array, budget: DecodedBudget): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const m of text.matchAll(STREAM)) {
    const start = m.index + m[0].length;
    const objAt = text.lastIndexOf(' obj', m.index);
    const head = text.slice(Math.max(objAt, m.index - 4096, 0), m.index);
    if (!/\/(FlateDecode|Fl)\b/.test(head) || /\/Subtype\s*\/Image\b/.test(head)) continue;
    const end = text.indexOf('endstream', start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    const allowance = budget.allowance();
    let size: number;
    try {
      size = inflateSync(data, {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: Math.max(1, allowance),
      }).length;
    } catch (e) {
      if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw budget.refusal(allowance);
      }
      continue;
    }
    budget.charge(size);
  }
}
