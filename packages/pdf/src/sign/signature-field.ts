import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import type { IncrementalUpdate } from '../core/incremental-update.ts';
import {
  dict,
  name,
  PdfDict,
  type PdfObject,
  PdfRaw,
  PdfRef,
  PdfStream,
  PdfString,
} from '../core/objects.ts';
import { pageAt } from '../core/pages.ts';
import { tagInsidePage, userRectToTag } from '../geometry/page-geometry.ts';
import { readPageGeometry } from '../geometry/read-geometry.ts';

/** A visible signature: a rectangle in the page's default user space (points, origin bottom-left). */
export interface VisibleField {
  /** Zero-based page index. */
  page: number;
  rect: [number, number, number, number];
  /** A form XObject drawn by the caller (the signature tag's appearance); else a text box is drawn. */
  appearance?: PdfRef;
}

export interface PlaceholderOptions {
  kind: 'signature' | 'timestamp';
  subFilter: string;
  contentsBytes: number;
  fieldName?: string;
  field?: VisibleField;
  /** Lines of the default appearance. */
  appearanceLines?: string[];
  entries?: Record<string, PdfObject>;
  /** DocMDP permission level for a certification signature. */
  certify?: 1 | 2 | 3;
}

export const BYTE_RANGE_LABEL = 'byterange';
export const CONTENTS_LABEL = 'contents';
/** "[0 " + three 10-digit numbers: enough for files up to 9.9 GB. */
export const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/**
 * Adds the signature dictionary, its field/widget, the page's /Annots entry and the AcroForm
 * entries to the update. Only the objects that must change are touched.
 */
export async function addSignaturePlaceholder(up: IncrementalUpdate, o: PlaceholderOptions): Promise<PdfRef> {
  const doc = up.doc;
  const rootRef = doc.trailer.get('Root');
  if (!(rootRef instanceof PdfRef))
    throw new PdfError(Code.INVALID_DOCUMENT, 'The document catalog is not an object.');
  refuseIfLocked(up, rootRef);

  const sig = dict({
    Type: name(o.kind === 'timestamp' ? 'DocTimeStamp' : 'Sig'),
    Filter: name('Adobe.PPKLite'),
    SubFilter: name(o.subFilter),
    ByteRange: new PdfRaw(Buffer.from(BYTE_RANGE_PLACEHOLDER, 'latin1'), BYTE_RANGE_LABEL),
    Contents: new PdfRaw(Buffer.from(`<${'0'.repeat(o.contentsBytes * 2)}>`, 'latin1'), CONTENTS_LABEL),
  });
  for (const [k, v] of Object.entries(o.entries ?? {})) sig.set(k, v);
  const sigRef = up.add(sig);

  const pageIndex = o.field?.page ?? 0;
  const page = pageAt(doc, pageIndex);
  const rect = o.field?.rect ?? [0, 0, 0, 0];
  const [x1, y1, x2, y2] = rect;
  const visible = !!o.field && x1 !== x2 && y1 !== y2;
  const ap =
    o.field?.appearance ??
    (visible && (o.appearanceLines ?? []).length > 0
      ? await drawnAppearance(up, pageIndex, rect, o.appearanceLines ?? [])
      : up.add(emptyAppearance()));

  const acro = editAcroForm(up, rootRef);
  const fieldName =
    o.fieldName ?? uniqueFieldName(up, acro, o.kind === 'timestamp' ? 'Timestamp' : 'Signature');
  const widget = dict({
    Type: name('Annot'),
    Subtype: name('Widget'),
    FT: name('Sig'),
    T: PdfString.text(fieldName),
    V: sigRef,
    // Print + Locked: the widget is printed and cannot be moved or deleted in a viewer.
    F: 132,
    Rect: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)],
    P: page.ref,
    AP: dict({ N: ap }),
  });
  const widgetRef = up.add(widget);
  appendToArray(up, acro, 'Fields', widgetRef);
  acro.set('SigFlags', 3);
  appendToArray(up, up.edit(page.ref), 'Annots', widgetRef, page.ref);

  if (o.certify) {
    if (hasSignatures(up, acro)) {
      throw new PdfError(Code.INVALID_INPUT, 'Only the first signature of a document can certify it.');
    }
    sig.set('Reference', [
      dict({
        Type: name('SigRef'),
        TransformMethod: name('DocMDP'),
        TransformParams: dict({ Type: name('TransformParams'), P: o.certify, V: name('1.2') }),
      }),
    ]);
    up.edit(rootRef).set('Perms', dict({ DocMDP: sigRef }));
  }
  return sigRef;
}

/** A certified document whose DocMDP level forbids any change cannot take another signature. */
function refuseIfLocked(up: IncrementalUpdate, rootRef: PdfRef): void {
  const perms = up.doc.resolveDict(up.doc.resolveDict(rootRef)?.get('Perms'));
  const mdp = up.doc.resolveDict(perms?.get('DocMDP'));
  const refs = up.doc.resolve(mdp?.get('Reference'));
  if (!Array.isArray(refs)) return;
  for (const r of refs) {
    const params = up.doc.resolveDict(up.doc.resolveDict(r)?.get('TransformParams'));
    if (params?.getNumber('P') === 1) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This document is certified to allow no changes, so it cannot be signed again without invalidating its certification.',
      );
    }
  }
}

function editAcroForm(up: IncrementalUpdate, rootRef: PdfRef): PdfDict {
  const catalog = up.resolve(rootRef);
  if (!(catalog instanceof PdfDict))
    throw new PdfError(Code.INVALID_DOCUMENT, 'The document catalog is missing.');
  const cur = catalog.get('AcroForm');
  if (cur instanceof PdfRef && up.resolve(cur) instanceof PdfDict) return up.edit(cur);
  const editedCatalog = up.edit(rootRef);
  const acro = cur instanceof PdfDict ? cur.clone() : new PdfDict();
  const ref = up.add(acro);
  editedCatalog.set('AcroForm', ref);
  return acro;
}

/** Appends to an array entry: edits the array object when it is indirect, else the owner dict. */
function appendToArray(
  up: IncrementalUpdate,
  owner: PdfDict,
  key: string,
  item: PdfRef,
  _ownerRef?: PdfRef,
): void {
  const cur = owner.get(key);
  if (cur instanceof PdfRef) {
    const arr = up.resolve(cur);
    if (Array.isArray(arr)) {
      up.set(cur, [...arr, item]);
      return;
    }
  }
  const arr = Array.isArray(cur) ? cur : [];
  owner.set(key, [...arr, item]);
}

function fieldNames(up: IncrementalUpdate, acro: PdfDict): Set<string> {
  const names = new Set<string>();
  const fields = up.resolve(acro.get('Fields'));
  if (!Array.isArray(fields)) return names;
  for (const f of fields.slice(0, 10_000)) {
    const d = up.resolve(f);
    const t = d instanceof PdfDict ? d.get('T') : undefined;
    if (t instanceof PdfString) names.add(t.asText());
  }
  return names;
}

function hasSignatures(up: IncrementalUpdate, acro: PdfDict): boolean {
  const fields = up.resolve(acro.get('Fields'));
  if (!Array.isArray(fields)) return false;
  return fields.slice(0, 10_000).some((f) => {
    const d = up.resolve(f);
    return d instanceof PdfDict && d.getName('FT') === 'Sig' && d.has('V') && !up.touches(f as PdfRef);
  });
}

function uniqueFieldName(up: IncrementalUpdate, acro: PdfDict, base: string): string {
  const names = fieldNames(up, acro);
  for (let i = 1; ; i++) if (!names.has(`${base}${i}`)) return `${base}${i}`;
}

/**
 * The engine's own signature box when the caller drew nothing: a frame with the lines, drawn
 * like a tag (embedded Unicode font subsets, so any name shows; the /Matrix turns it upright on
 * rotated pages).
 */
async function drawnAppearance(
  up: IncrementalUpdate,
  pageIndex: number,
  rect: readonly number[],
  lines: readonly string[],
): Promise<PdfRef> {
  const page = readPageGeometry(up.doc, pageIndex + 1);
  const placement = userRectToTag(page, rect);
  if (!tagInsidePage(page, placement)) {
    throw new PdfError(
      Code.INVALID_INPUT,
      `The signature rectangle lies outside page ${pageIndex + 1} as it is shown.`,
    );
  }
  // Loaded only here: the text layout (fonts, shaping) took most of the CLI's start-up to load,
  // and signatures drawn by their tags or invisible never need it.
  const { AppearanceBuilder } = await import('../appearance/appearance-builder.ts');
  const builder = new AppearanceBuilder((n) => (n === page.pageNumber ? page : undefined));
  builder.add(
    {
      ...placement,
      uuid: 'signature',
      type: 'textArea',
      value: lines.join('\n'),
      fontSize: 10,
      color: [0.1, 0.1, 0.3],
    },
    { border: [0.15, 0.3, 0.6] },
  );
  const [placed] = builder.finish(up);
  if (!placed) throw new Error('The signature appearance was not drawn.');
  return placed.appearance;
}

/** The empty appearance of an invisible signature (a 0 × 0 widget still needs /AP). */
function emptyAppearance(): PdfStream {
  // Nothing to compress: starting a deflate stream cost more than the rest of the field.
  return new PdfStream(
    dict({ Type: name('XObject'), Subtype: name('Form'), BBox: [0, 0, 0, 0] }),
    new Uint8Array(0),
  );
}
