import { constants, inflateSync } from 'node:zlib';
import { DecodedBudget, DecodedLimitError } from '../core/decoded-budget.ts';
import { PdfDocument } from '../core/document.ts';
import { decodeStream } from '../core/filters.ts';
import { type PdfDict, type PdfObject, PdfRef, PdfStream } from '../core/objects.ts';
import { allPages } from '../core/pages.ts';

/**
 * Checks, inside the sandbox and before any full parse, that a PDF does not unpack to more than
 * its decoded-bytes budget: every object stream (a full parser unpacks them all) and every
 * page's content streams and the forms they draw (every viewer unpacks those; a stream shared by
 * pages, once per page) are inflated against one budget, and the inflate stops as soon as the budget is spent. Refuses with `DecodedLimitError` (-59).
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

/**
 * What a viewer unpacks to draw each page: its content streams and every Form XObject they draw
 * (`/Name Do`, through the forms' own resources, forms inside forms). A stream shared by several
 * pages is unpacked again for every page a viewer draws (pdf.js does, and the compare reads every
 * page), so it counts once per page that uses it: a shared stream or form would otherwise let a
 * small file make every page unpack the same 100 MB. Each stream is inflated only once here; its
 * later uses are charged from the size it had.
 */
function chargeContentStreams(doc: PdfDocument): void {
  const drawn = new DrawnStreams(doc);
  for (const page of allPages(doc)) {
    const contents = page.dict.get('Contents');
    const parts: PdfObject[] = Array.isArray(doc.resolve(contents))
      ? (doc.resolve(contents) as PdfObject[])
      : [contents ?? null];
    const resources = doc.resolveDict(page.dict.get('Resources') ?? page.inherited.get('Resources'));
    const pending: { names: readonly string[]; resources: PdfDict | undefined }[] = [];
    for (const part of parts) {
      const used = drawn.use(part);
      if (used) pending.push({ names: used.names, resources });
    }
    // Each form once per page, however often or deeply the page draws it: the walk is linear in
    // the forms a page reaches, and a form that draws itself ends there.
    const formsOfPage = new Set<number>();
    for (let next = pending.pop(); next; next = pending.pop()) {
      const xobjects = doc.resolveDict(next.resources?.get('XObject'));
      if (!xobjects) continue;
      for (const name of next.names) {
        const ref = xobjects.get(name);
        if (!(ref instanceof PdfRef) || formsOfPage.has(ref.num)) continue;
        formsOfPage.add(ref.num);
        const form = doc.resolve(ref);
        if (!(form instanceof PdfStream) || form.dict.getName('Subtype') !== 'Form') continue;
        // A floor per form drawn, so a page reaching a hundred thousand empty forms is not free.
        doc.budget.charge(FORM_VISIT_BYTES);
        const used = drawn.use(ref);
        if (used)
          pending.push({
            names: used.names,
            resources: doc.resolveDict(form.dict.get('Resources')) ?? next.resources,
          });
      }
    }
  }
}

/** Charged for each Form XObject a page draws, besides what it unpacks to. */
const FORM_VISIT_BYTES = 64;

/** A content stream's decoded size and the XObject names it draws. */
interface Drawn {
  size: number;
  names: readonly string[];
}

/** Inflates each content stream or form once and charges every later use from its size. */
class DrawnStreams {
  private readonly known = new Map<number, Drawn>();
  private readonly doc: PdfDocument;
  constructor(doc: PdfDocument) {
    this.doc = doc;
  }

  /** Charges one use of a stream (a page's content or a form) and says what it draws. */
  use(part: PdfObject): Drawn | undefined {
    const known = part instanceof PdfRef ? this.known.get(part.num) : undefined;
    if (known) {
      this.doc.budget.charge(known.size);
      return known;
    }
    const s = this.doc.resolve(part);
    if (!(s instanceof PdfStream)) return undefined;
    let drawn: Drawn;
    try {
      const decoded = decodeStream(s, this.doc.budget);
      drawn = { size: decoded.length, names: drawnNames(decoded) };
    } catch (e) {
      if (e instanceof DecodedLimitError) throw e;
      // Filters the engine does not decode (LZW, …) or damaged data: viewers' business.
      drawn = { size: 0, names: [] };
    }
    if (part instanceof PdfRef) this.known.set(part.num, drawn);
    return drawn;
  }
}

const DO = Buffer.from('Do');

/** Whitespace and delimiters end a PDF name or operator (ISO 32000-1, 7.2.2). */
function isDelimiter(byte: number | undefined): boolean {
  return byte === undefined || ' \t\r\n\f\0/[]()<>{}%'.includes(String.fromCharCode(byte));
}

/** The distinct names `n` of every `/n Do` in a content stream (name escapes `#xx` undone). */
function drawnNames(content: Uint8Array): string[] {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const names = new Set<string>();
  for (let at = bytes.indexOf(DO); at >= 0; at = bytes.indexOf(DO, at + 2)) {
    if (!isDelimiter(bytes[at + 2])) continue;
    let end = at;
    while (end > 0 && /\s/.test(String.fromCharCode(bytes[end - 1] as number))) end--;
    if (end === at) continue;
    let start = end;
    while (start > 0 && !isDelimiter(bytes[start - 1])) start--;
    if (start === 0 || bytes[start - 1] !== 0x2f) continue;
    const raw = bytes.subarray(start, end).toString('latin1');
    names.add(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
  }
  return [...names];
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
