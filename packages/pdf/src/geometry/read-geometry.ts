import { allPages, type PageRef, PdfDocument, pageAt } from '../core/index.ts';
import { type PageGeometry, pageGeometry } from './page-geometry.ts';

/**
 * Geometry of one page read through the core reader (on demand: only the branch of the page tree
 * that holds the page is read, so stamping a 2,000-page file stays cheap).
 */
export function readPageGeometry(doc: PdfDocument, pageNumber: number): PageGeometry {
  return geometryOfPage(doc, pageAt(doc, pageNumber - 1), pageNumber);
}

function geometryOfPage(doc: PdfDocument, page: PageRef, pageNumber: number): PageGeometry {
  const box = (key: string): number[] | undefined => {
    const v = doc.resolve(page.inherited.get(key));
    if (!Array.isArray(v) || v.length !== 4) return undefined;
    const nums = v.map((x) => doc.resolve(x));
    return nums.every((n) => typeof n === 'number') ? (nums as number[]) : undefined;
  };
  const rotate = doc.resolve(page.inherited.get('Rotate'));
  return pageGeometry(
    pageNumber,
    box('MediaBox') ?? [0, 0, 612, 792],
    box('CropBox'),
    typeof rotate === 'number' ? rotate : 0,
  );
}

/** Every page's geometry (the editor needs them all), in one walk: linear in the page count. */
export function readAllPageGeometry(doc: PdfDocument): PageGeometry[] {
  return allPages(doc).map((page, i) => geometryOfPage(doc, page, i + 1));
}

/** Every page's geometry of a stored PDF (what the editor needs to place tags). */
export function documentGeometry(pdf: Uint8Array): PageGeometry[] {
  return readAllPageGeometry(PdfDocument.open(pdf));
}
