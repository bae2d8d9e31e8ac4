import { type PDF, PdfArray, PdfDict, PdfName, PdfNumber, type PdfObject, PdfRef } from '@libpdf/core';

/** Page attributes a page may inherit from its ancestors (ISO 32000 §7.7.3.4). */
const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];

/**
 * Rebuilds the page tree as one flat /Pages node holding every page a reader finds, in order:
 * loops are cut (each node visited once), pages written directly into a /Kids array become
 * objects of their own, inherited attributes are copied onto each page, and /Count is the
 * number of pages found. Only for the full rewrite of unsigned files. Answers the page count.
 */
export function flattenPageTree(pdf: PDF): number {
  const resolve = (o: PdfObject | undefined): PdfObject | undefined =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const catalog = pdf.getCatalog();
  const rootEntry = catalog.get('Pages');
  const root = resolve(rootEntry);
  if (!(root instanceof PdfDict)) return 0;
  const rootRef = rootEntry instanceof PdfRef ? rootEntry : pdf.context.register(root);
  const key = (r: PdfRef) => `${r.objectNumber} ${r.generation}`;
  const seen = new Set<string>([key(rootRef)]);
  const pages: PdfRef[] = [];

  const walk = (node: PdfDict, inherited: Map<string, PdfObject>, depth: number) => {
    if (depth > 64) return;
    const here = new Map(inherited);
    for (const k of INHERITED) {
      const v = node.get(k);
      if (v !== undefined) here.set(k, v);
    }
    const kids = resolve(node.get('Kids'));
    if (!(kids instanceof PdfArray)) return;
    for (let i = 0; i < kids.length; i++) {
      const item = kids.at(i);
      let ref = item instanceof PdfRef ? item : undefined;
      if (ref) {
        if (seen.has(key(ref))) continue;
        seen.add(key(ref));
      }
      const dict = resolve(item);
      if (!(dict instanceof PdfDict)) continue;
      const isNode = dict.get('Type') !== PdfName.Page && resolve(dict.get('Kids')) instanceof PdfArray;
      if (isNode) {
        walk(dict, here, depth + 1);
        continue;
      }
      for (const [k, v] of here) if (!dict.has(k)) dict.set(k, v);
      if (!ref) ref = pdf.context.register(dict);
      pages.push(ref);
    }
  };
  walk(root, new Map(), 0);
  if (pages.length === 0) return 0;
  for (const ref of pages) {
    const page = resolve(ref) as PdfDict;
    page.set('Type', PdfName.Page);
    page.set('Parent', rootRef);
  }
  root.set('Type', PdfName.Pages);
  root.set('Kids', PdfArray.of(...pages));
  root.set('Count', PdfNumber.of(pages.length));
  for (const k of INHERITED) root.delete(k);
  if (!(rootEntry instanceof PdfRef)) catalog.set('Pages', rootRef);
  return pages.length;
}
