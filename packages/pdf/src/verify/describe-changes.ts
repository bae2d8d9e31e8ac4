import type { PdfDocument } from '../core/document.ts';
import { PdfDict, PdfRef, PdfStream } from '../core/objects.ts';
import { allPages } from '../core/pages.ts';
import { objectsOfSection } from '../core/xref.ts';

/**
 * What a later revision did, in the classes a reader's signature panel tells apart: signing
 * (signatures, their fields, validation data, document timestamps, and the page lists and
 * appearance drawings every added field needs), form filling (field values
 * and widget appearances), annotations (comments, stamps — Signet's drawn tags are these), and
 * other edits (page content, unknown objects). DocMDP allows signing and form filling at level 2,
 * annotations too at level 3, and nothing at level 1 (ISO 32000-1 §12.8.2.2).
 */
export type ChangeClass = 'signing' | 'formFilling' | 'annotations' | 'other';

export interface ChangesAfter {
  revisions: number;
  /** Objects written after the signature, by class. */
  counts: Record<ChangeClass, number>;
  /** A plain description per kind of object ("2 × annotation"). */
  details: string[];
}

const STRUCTURE = new Set(['page (annotation list)', 'document catalog', 'form (AcroForm)', 'array']);

function classOf(what: string): ChangeClass {
  if (
    what === 'signature' ||
    what === 'document timestamp' ||
    what === 'validation data (DSS)' ||
    what === 'signature field' ||
    // The lists and drawings any new field or annotation needs: they follow the class of what
    // they serve, which is counted on its own.
    what === 'appearance resource' ||
    STRUCTURE.has(what)
  )
    return 'signing';
  if (what === 'form field') return 'formFilling';
  if (what === 'annotation') return 'annotations';
  return 'other';
}

/** What object number `num`, written in a revision after the signature, is. */
function kindOf(doc: PdfDocument, num: number, contents: () => Set<number>): string | undefined {
  const e = doc.entry(num);
  try {
    const o = doc.get(new PdfRef(num, e?.type === 'offset' ? e.gen : 0));
    const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : undefined;
    const type = d?.getName('Type');
    const sub = d?.getName('Subtype');
    if (type === 'XRef' || type === 'ObjStm') return undefined;
    if (type === 'Sig') return 'signature';
    if (type === 'DocTimeStamp') return 'document timestamp';
    if (type === 'DSS' || type === 'VRI' || d?.has('OCSPs') || d?.has('CRLs') || d?.has('Certs'))
      return 'validation data (DSS)';
    if (sub === 'Widget' && d?.getName('FT') === 'Sig') return 'signature field';
    if (d?.getName('FT') === 'Sig') return 'signature field';
    if (sub === 'Widget' || d?.has('FT') || (d?.has('T') && d.has('V'))) return 'form field';
    if (type === 'Annot' || (d?.has('Subtype') && d.has('Rect'))) return 'annotation';
    if (type === 'Page') return 'page (annotation list)';
    if (type === 'Catalog') return 'document catalog';
    if (sub === 'Form' || sub === 'Image' || type === 'Font' || type === 'FontDescriptor')
      return 'appearance resource';
    if (d?.has('Fields')) return 'form (AcroForm)';
    // Validation data streams (certificates, OCSP answers, CRLs) carry no /Type.
    if (o instanceof PdfStream && !d?.has('Type') && !d?.has('Subtype') && isDssStream(doc, num))
      return 'validation data (DSS)';
    // A page's content, new or rewritten in place under its old number, is what the page shows.
    if (o instanceof PdfStream) return contents().has(num) ? 'page content' : 'appearance resource';
    if (Array.isArray(o)) return 'array';
    return 'other object';
  } catch {
    return 'unreadable object';
  }
}

/** Whether object `num` is listed in the DSS (its Certs, OCSPs or CRLs). */
function isDssStream(doc: PdfDocument, num: number): boolean {
  try {
    const dss = doc.resolveDict(doc.catalog().get('DSS'));
    if (!dss) return false;
    for (const key of ['Certs', 'OCSPs', 'CRLs']) {
      const arr = doc.resolve(dss.get(key));
      if (Array.isArray(arr) && arr.some((x) => x instanceof PdfRef && x.num === num)) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** Object numbers of every page's content streams (the page tree is walked once, bounded). */
function contentStreams(doc: PdfDocument): Set<number> {
  const out = new Set<number>();
  try {
    for (const page of allPages(doc)) {
      const c = page.dict.get('Contents');
      const list = c instanceof PdfRef ? [c, doc.resolve(c)] : [doc.resolve(c)];
      for (const x of list.flat()) if (x instanceof PdfRef) out.add(x.num);
    }
  } catch {
    // An unreadable page tree names no content streams; the file's other checks report it.
  }
  return out;
}

/** The objects the revisions after byte offset `end` wrote, classified. */
export function describeChanges(doc: PdfDocument, end: number): ChangesAfter {
  const counts: Record<ChangeClass, number> = { signing: 0, formFilling: 0, annotations: 0, other: 0 };
  const kinds = new Map<string, number>();
  const sections = doc.xref.sections.filter((o) => o >= end);
  let pageContents: Set<number> | undefined;
  const contents = () => {
    pageContents ??= contentStreams(doc);
    return pageContents;
  };
  for (const off of sections) {
    for (const num of objectsOfSection(doc.bytes, off)) {
      const what = kindOf(doc, num, contents);
      if (!what) continue;
      counts[classOf(what)] += 1;
      kinds.set(what, (kinds.get(what) ?? 0) + 1);
    }
  }
  return {
    revisions: sections.length,
    counts,
    details: [...kinds].map(([k, n]) => `${n} × ${k}`),
  };
}

/** The most far-reaching class of change present (signing < form filling < annotations < other). */
export function widestChange(c: ChangesAfter): ChangeClass | 'none' {
  if (c.counts.other > 0) return 'other';
  if (c.counts.annotations > 0) return 'annotations';
  if (c.counts.formFilling > 0) return 'formFilling';
  if (c.counts.signing > 0) return 'signing';
  return 'none';
}
