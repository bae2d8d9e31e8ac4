import { Code } from '@signet/contracts/errors';
import { IncrementalUpdate, PdfDocument, PdfError, PdfRef, pageAt } from '../core/index.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { readPageGeometry } from '../geometry/read-geometry.ts';
import { certificationLevel } from '../ingest/certification.ts';
import { AppearanceBuilder, annotationFor, type PlacedAppearance } from './appearance-builder.ts';
import type { FilledTag } from './filled-tag.ts';

export interface TagsInUpdate {
  /** Annotations added (every tag except the signature tag). */
  annotations: number;
  /**
   * The signature tag's appearance, for the signer's widget:
   * `signPdf(up, { field: { page: signature.pageIndex, rect: signature.rect, appearance: signature.appearance } })`.
   */
  signature?: PlacedAppearance;
}

/**
 * Draws a signer's filled tags into their revision `up`: fonts, images and appearance streams
 * as new objects; each tag a locked Stamp annotation appended to its page's /Annots. The tag
 * named `signatureTagUuid` gets no annotation: its appearance is returned for the signature
 * widget, so the signature and its drawing are one field.
 */
export function addTagsToUpdate(
  up: IncrementalUpdate,
  tags: readonly FilledTag[],
  opts: { signatureTagUuid?: string } = {},
): TagsInUpdate {
  const doc = up.doc;
  const others = tags.filter((t) => t.uuid !== opts.signatureTagUuid);
  if (others.length > 0) refuseIfCertifiedAgainstAnnotations(doc);
  const pages = new Map<number, PageGeometry>();
  const builder = new AppearanceBuilder((n: number): PageGeometry | undefined => {
    let g = pages.get(n);
    if (!g) {
      try {
        g = readPageGeometry(doc, n);
      } catch {
        return undefined;
      }
      pages.set(n, g);
    }
    return g;
  });
  for (const tag of tags) builder.add(tag);
  const placed = builder.finish(up);
  let signature: PlacedAppearance | undefined;
  let annotations = 0;
  for (const p of placed) {
    if (p.tagUuid === opts.signatureTagUuid) {
      signature = p;
      continue;
    }
    appendAnnotation(up, p);
    annotations++;
  }
  return signature ? { annotations, signature } : { annotations };
}

function appendAnnotation(up: IncrementalUpdate, placed: PlacedAppearance): void {
  const pageRef = pageAt(up.doc, placed.pageIndex).ref;
  const annot = up.add(annotationFor(placed, pageRef));
  const page = up.edit(pageRef);
  const current = page.get('Annots');
  if (current instanceof PdfRef) {
    // An indirect /Annots array: replace that array object in this revision.
    const arr = up.resolve(current);
    up.set(current, [...(Array.isArray(arr) ? arr : []), annot]);
    return;
  }
  page.set('Annots', [...(Array.isArray(current) ? current : []), annot]);
}

/**
 * A certified document (DocMDP) with P 1 or 2 forbids adding annotations: adding them would make
 * validators report the certification as broken. Only the signature itself may be added then.
 */
function refuseIfCertifiedAgainstAnnotations(doc: PdfDocument): void {
  const p = certificationLevel(doc);
  if (p === undefined || p >= 3) return;
  throw new PdfError(
    Code.INVALID_DOCUMENT,
    p === 1
      ? 'This PDF is certified so that no change at all is allowed; it cannot be signed again.'
      : 'This PDF is certified to allow only form filling and signatures, so filled tags cannot be drawn on it; only the signature can be added.',
  );
}

/** Stamps tags on a PDF as one incremental update (no signature): the original bytes are kept. */
export function stampTags(
  pdf: Uint8Array,
  tags: readonly FilledTag[],
): { pdf: Uint8Array; annotations: number } {
  const up = new IncrementalUpdate(PdfDocument.open(pdf));
  const { annotations } = addTagsToUpdate(up, tags);
  const written = up.write();
  const out = new Uint8Array(pdf.length + written.appended.length);
  out.set(pdf, 0);
  out.set(written.appended, pdf.length);
  return { pdf: out, annotations };
}
