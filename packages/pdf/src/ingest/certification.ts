import type { PdfDocument } from '../core/document.ts';

/**
 * The DocMDP permission of a certified document (ISO 32000 §12.8.2.2): 1 no changes, 2 form
 * filling and signing, 3 also annotations. Undefined when the document is not certified.
 */
export function certificationLevel(doc: PdfDocument): number | undefined {
  const perms = doc.resolveDict(doc.catalog().get('Perms'));
  const sig = perms ? doc.resolveDict(perms.get('DocMDP')) : undefined;
  if (!sig) return undefined;
  const refs = doc.resolve(sig.get('Reference'));
  let p = 2; // the default when /P is absent
  if (Array.isArray(refs)) {
    for (const r of refs) {
      const rd = doc.resolveDict(r);
      const params = rd ? doc.resolveDict(rd.get('TransformParams')) : undefined;
      const v = params?.getNumber('P');
      if (v !== undefined) p = v;
    }
  }
  return p;
}
