import type { PdfDocument } from './document.ts';
import { invalidDocument } from './errors.ts';
import { limits } from './limits.ts';
import { PdfDict, type PdfObject, PdfRef } from './objects.ts';

export interface PageRef {
  ref: PdfRef;
  dict: PdfDict;
  /** Attributes inherited from ancestors when the page does not set them. */
  inherited: PdfDict;
}

/** Number of pages, from the root's `/Count` (no walk of the tree). */
export function pageCount(doc: PdfDocument): number {
  const pages = doc.resolveDict(doc.catalog().get('Pages'));
  const n = pages?.getNumber('Count');
  if (n === undefined || !Number.isInteger(n) || n < 0)
    throw invalidDocument('The page tree has no page count.');
  return n;
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];

/**
 * The page at a zero-based index, descending only the branch that holds it (using each node's
 * `/Count`), so a 2,000-page document reads a handful of objects. Loops in the tree are refused.
 */
export function pageAt(doc: PdfDocument, index: number): PageRef {
  const rootRef = doc.catalog().get('Pages');
  if (!(rootRef instanceof PdfRef)) throw invalidDocument('The page tree root is missing.');
  let node: PdfRef = rootRef;
  let remaining = index;
  const seen = new Set<number>();
  const inherited = new PdfDict();
  for (let depth = 0; depth < limits.maxPageTreeDepth; depth++) {
    if (seen.has(node.num)) throw invalidDocument('The page tree contains a loop.');
    seen.add(node.num);
    const d = doc.resolveDict(node);
    if (!d) throw invalidDocument(`Page tree node ${node.num} is missing.`);
    for (const k of INHERITABLE) if (d.has(k)) inherited.set(k, d.get(k) as PdfObject);
    const kids = doc.resolve(d.get('Kids'));
    const type = d.getName('Type');
    if (type === 'Page' || (!Array.isArray(kids) && type !== 'Pages')) {
      if (remaining !== 0) throw invalidDocument('The page tree counts do not match its pages.');
      return { ref: node, dict: d, inherited };
    }
    if (!Array.isArray(kids)) throw invalidDocument('A page tree node has no kids.');
    let next: PdfRef | undefined;
    for (const kid of kids) {
      if (!(kid instanceof PdfRef)) continue;
      const kd = doc.resolveDict(kid);
      if (!kd) continue;
      const isLeaf = kd.getName('Type') === 'Page' || !Array.isArray(doc.resolve(kd.get('Kids')));
      const count = isLeaf ? 1 : (kd.getNumber('Count') ?? 0);
      if (remaining < count) {
        next = kid;
        break;
      }
      remaining -= count;
    }
    if (!next) throw invalidDocument(`Page ${index + 1} does not exist.`);
    node = next;
  }
  throw invalidDocument('The page tree is too deep.');
}

/**
 * Every page in order, in one walk of the tree: each node and each kid is read once, so the work
 * grows with the number of pages. (Asking `pageAt` for each page instead scans a node's kids from
 * the start every time: with 60,000 kids under one node that is 1.8 billion lookups.) As `pageAt`
 * does, the root's `/Count` is the number of pages: the walk stops there, and a tree with fewer
 * pages is refused.
 */
export function allPages(doc: PdfDocument): PageRef[] {
  const count = pageCount(doc);
  const rootRef = doc.catalog().get('Pages');
  if (!(rootRef instanceof PdfRef)) throw invalidDocument('The page tree root is missing.');
  const out: PageRef[] = [];
  const seen = new Set<number>();
  const visit = (node: PdfRef, parent: PdfDict, depth: number): void => {
    if (depth >= limits.maxPageTreeDepth) throw invalidDocument('The page tree is too deep.');
    if (seen.has(node.num)) throw invalidDocument('The page tree contains a loop.');
    seen.add(node.num);
    const d = doc.resolveDict(node);
    if (!d) throw invalidDocument(`Page tree node ${node.num} is missing.`);
    const inherited = new PdfDict(parent.map);
    for (const k of INHERITABLE) if (d.has(k)) inherited.set(k, d.get(k) as PdfObject);
    const kids = doc.resolve(d.get('Kids'));
    const type = d.getName('Type');
    if (type === 'Page' || (!Array.isArray(kids) && type !== 'Pages')) {
      out.push({ ref: node, dict: d, inherited });
      return;
    }
    if (!Array.isArray(kids)) throw invalidDocument('A page tree node has no kids.');
    for (const kid of kids) {
      if (out.length >= count) return;
      // As pageAt: kids that are not references to dictionaries are skipped.
      if (kid instanceof PdfRef && doc.resolveDict(kid)) visit(kid, inherited, depth + 1);
    }
  };
  if (count > 0) visit(rootRef, new PdfDict(), 0);
  if (out.length < count) throw invalidDocument(`Page ${out.length + 1} does not exist.`);
  return out;
}
