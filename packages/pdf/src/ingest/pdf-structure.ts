import { Code } from '@signet/contracts/errors';
import { DecodedLimitError } from '../core/decoded-budget.ts';
import { PdfDocument } from '../core/document.ts';
import { PdfError } from '../core/errors.ts';
import { pageCount } from '../core/pages.ts';
import { readXref } from '../core/xref.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { readAllPageGeometry } from '../geometry/read-geometry.ts';
import { certificationLevel } from './certification.ts';

export interface PageGeometryResult {
  pageCount: number;
  pages: PageGeometry[];
}

/**
 * What the core reader (the one that appends signatures later) makes of a PDF. Computed in the
 * sandbox, so a hostile file's structure is never read on the server's main thread.
 */
export interface PdfStructure {
  /** Its cross-reference data reads, so an incremental update can extend it. */
  appendable: boolean;
  certificationLevel: number | undefined;
  /** Every page's geometry, or the refusal (-241 or -59) met while reading it. */
  geometry: PageGeometryResult | { code: number; message: string };
  /** Why the core reader does not open it at all (e.g. an encryption it does not know). */
  openError?: string;
}

export function readStructure(
  doc: PdfDocument | undefined,
  bytes: Uint8Array,
  maxPages: number,
): PdfStructure {
  let opened = doc;
  let openError: string | undefined;
  if (!opened) {
    try {
      opened = PdfDocument.open(bytes);
    } catch (e) {
      if (e instanceof DecodedLimitError) throw e;
      openError = e instanceof PdfError ? e.message : undefined;
    }
  }
  if (!opened) {
    const refusal = { code: Code.INVALID_DOCUMENT, message: malformed(openError) };
    return { appendable: xrefReads(bytes), certificationLevel: undefined, geometry: refusal, openError };
  }
  let level: number | undefined;
  try {
    level = certificationLevel(opened);
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
  }
  return { appendable: true, certificationLevel: level, geometry: geometryOf(opened, maxPages) };
}

function xrefReads(bytes: Uint8Array): boolean {
  try {
    readXref(bytes);
    return true;
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
    return false;
  }
}

function malformed(detail: string | undefined): string {
  const d = detail ? ` (${detail.replace(/\.$/, '')})` : '';
  return `The page structure of this PDF is malformed${d}, so it cannot be prepared for signing.`;
}

/** Page count first (from the root's /Count, no walk), then one linear walk for the geometry. */
export function geometryOf(doc: PdfDocument, maxPages: number): PdfStructure['geometry'] {
  try {
    const count = pageCount(doc);
    if (count > maxPages) {
      return {
        code: Code.PAGE_LIMIT_EXCEEDED,
        message: `The document has ${count} pages; at most ${maxPages} are allowed.`,
      };
    }
    const pages = readAllPageGeometry(doc);
    return { pageCount: pages.length, pages };
  } catch (e) {
    if (e instanceof DecodedLimitError) throw e;
    return { code: Code.INVALID_DOCUMENT, message: malformed(e instanceof Error ? e.message : undefined) };
  }
}

/** The geometry, or its refusal thrown. */
export function requireGeometry(g: PdfStructure['geometry']): PageGeometryResult {
  if ('code' in g) throw new PdfError(g.code, g.message);
  return g;
}
