import { deflateSync } from 'node:zlib';
import { Code } from '@signet/contracts';
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
export function addSignaturePlaceholder(up: IncrementalUpdate, o: PlaceholderOptions): PdfRef {
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
  const w = Math.abs(x2 - x1);
  const h = Math.abs(y2 - y1);
  const ap = o.field?.appearance ?? up.add(defaultAppearance(w, h, o.field ? (o.appearanceLines ?? []) : []));

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

/** A bordered box with a few lines of Helvetica text fitted to the rectangle. */
function defaultAppearance(w: number, h: number, lines: string[]): PdfStream {
  const resources = dict({
    Font: dict({
      Helv: dict({
        Type: name('Font'),
        Subtype: name('Type1'),
        BaseFont: name('Helvetica'),
        Encoding: name('WinAnsiEncoding'),
      }),
    }),
  });
  let content = '';
  if (w > 0 && h > 0 && lines.length > 0) {
    const longest = Math.max(...lines.map((l) => l.length), 1);
    const size = Math.max(4, Math.min(12, (h - 4) / (lines.length * 1.25), (w - 6) / (longest * 0.5)));
    content += `q 0.15 0.3 0.6 RG 0.8 w 0.4 0.4 ${fmt(w - 0.8)} ${fmt(h - 0.8)} re S Q\n`;
    content += `BT /Helv ${fmt(size)} Tf 0.1 0.1 0.3 rg ${fmt(size * 1.25)} TL 3 ${fmt(h - size - 2)} Td\n`;
    for (const l of lines) content += `(${pdfText(l)}) Tj T*\n`;
    content += 'ET\n';
  }
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return new PdfStream(
    dict({
      Type: name('XObject'),
      Subtype: name('Form'),
      BBox: [0, 0, w, h],
      Resources: resources,
      Filter: name('FlateDecode'),
    }),
    data,
  );
}

function fmt(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, '');
}

/** WinAnsi-compatible text for a literal string; characters Helvetica cannot show become '?'. */
function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    const b = c >= 32 && c <= 126 ? ch : c >= 160 && c <= 255 ? ch : '?';
    out += b === '(' || b === ')' || b === '\\' ? `\\${b}` : b;
  }
  return out;
}
