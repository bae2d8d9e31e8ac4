import { PDF, PdfArray, PdfRef } from '@libpdf/core';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { checkDecodedSize } from './decoded-size.ts';
import { flattenPageTree } from './page-tree-repair.ts';
import { type PdfStructure, readStructure } from './pdf-structure.ts';

/**
 * Full parses of untrusted PDFs. These run inside the sandbox worker (sandbox-worker.ts), never
 * on the server's main thread: a hostile file can make a full parse slow or huge.
 */
export interface PdfInspection {
  encrypted: boolean;
  /** Encrypted with a user password we do not have. */
  needsPassword: boolean;
  /** The parser had to rebuild the structure (broken xref, offsets, trailer). */
  recovered: boolean;
  warnings: string[];
  pageCount: number;
  /** What the core reader makes of it (appendable, certification, page geometry). */
  structure: PdfStructure;
}

export interface FormFieldInfo {
  name: string;
  type: string;
  value: string | string[] | null;
  options: string[];
  required: boolean;
  readOnly: boolean;
  /** Text fields: several lines; list boxes: several choices. */
  multi: boolean;
  /** One entry per widget: where the field shows. */
  widgets: { pageNumber: number; rect: [number, number, number, number] }[];
}

const PASSWORD_MESSAGE =
  'This PDF is protected with a password. Remove the password (for example by printing it to a new PDF) and upload it again.';

/**
 * Loads with the parser's repair; when the cross-reference leads to no page at all (wrong
 * offsets the parser trusted), loads again with the `startxref` pointer hidden, so the parser
 * rebuilds the cross-reference from the objects themselves, as readers do.
 */
async function load(bytes: Uint8Array): Promise<{ pdf: PDF; reconstructed: boolean }> {
  const pdf = await loadOnce(bytes);
  if (pdf.getPageCount() > 0 || pdf.recoveredViaBruteForce) return { pdf, reconstructed: false };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const at = text.lastIndexOf('startxref');
  if (at < 0) return { pdf, reconstructed: false };
  const hidden = new Uint8Array(bytes);
  hidden[at + 8] = 0x58; // startxref → startxreX
  try {
    const rebuilt = await loadOnce(hidden);
    if (rebuilt.getPageCount() > 0) return { pdf: rebuilt, reconstructed: true };
  } catch {
    // The first reading stands.
  }
  return { pdf, reconstructed: false };
}

async function loadOnce(bytes: Uint8Array): Promise<PDF> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (/password|decrypt|authenticat/i.test(msg))
      throw new PdfError(Code.INVALID_DOCUMENT, PASSWORD_MESSAGE);
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      'This file is not a readable PDF: its structure is damaged beyond repair.',
    );
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) throw new PdfError(Code.INVALID_DOCUMENT, PASSWORD_MESSAGE);
  return pdf;
}

function checkPageCount(pdf: PDF, maxPages: number): number {
  const count = pdf.getPageCount();
  if (count > maxPages) {
    throw new PdfError(
      Code.PAGE_LIMIT_EXCEEDED,
      `The document has ${count} pages; at most ${maxPages} are allowed.`,
    );
  }
  return count;
}

export async function inspectPdf(bytes: Uint8Array, maxPages: number): Promise<PdfInspection> {
  // Before the full parse, which would unpack every object stream whatever its size.
  const doc = checkDecodedSize(bytes);
  const { pdf, reconstructed } = await load(bytes);
  const pageCount = checkPageCount(pdf, maxPages);
  if (pageCount === 0)
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      'The PDF has no pages a reader could show. Upload a PDF with at least one page.',
    );
  return {
    encrypted: pdf.isEncrypted,
    needsPassword: false,
    recovered: pdf.recoveredViaBruteForce || reconstructed,
    warnings: pdf.warnings.slice(0, 20),
    pageCount,
    structure: readStructure(doc, bytes, maxPages),
  };
}

/** Full rewrite: decrypted, repaired, classic cross-reference table. Only for unsigned files. */
export async function rewritePdf(bytes: Uint8Array): Promise<Uint8Array> {
  const { pdf } = await load(bytes);
  if (pdf.isEncrypted) {
    try {
      pdf.removeProtection();
    } catch {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'The author of this PDF forbade changes to it, so it cannot be signed. Ask the author for a copy without restrictions, or upload another file.',
      );
    }
  }
  // Loops, pages written inside /Kids and inherited attributes: one flat page list readers agree on.
  flattenPageTree(pdf);
  // libpdf returns the original bytes when nothing changed; a new modification date makes the
  // save a real full rewrite (fresh offsets and cross-reference table).
  pdf.setModificationDate(new Date());
  try {
    return await pdf.save({ useXRefStream: false });
  } catch {
    throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF is damaged and could not be repaired.');
  }
}

export async function extractFormFields(bytes: Uint8Array): Promise<FormFieldInfo[]> {
  const { pdf } = await load(bytes);
  const form = pdf.getForm();
  if (!form) return [];
  // A widget names its page with /P, or only appears in that page's /Annots: index both.
  const pageNumberOf = new Map<string, number>();
  const widgetPage = new Map<string, number>();
  pdf.getPages().forEach((p, i) => {
    pageNumberOf.set(`${p.ref.objectNumber} ${p.ref.generation}`, i + 1);
    const annots = p.dict.get('Annots', (r) => pdf.context.resolve(r));
    if (annots instanceof PdfArray) {
      for (let k = 0; k < annots.length; k++) {
        const a = annots.at(k);
        if (a instanceof PdfRef) widgetPage.set(`${a.objectNumber} ${a.generation}`, i + 1);
      }
    }
  });
  const out: FormFieldInfo[] = [];
  for (const field of form.getFields()) {
    const raw = field.getValue();
    const value =
      typeof raw === 'string' || Array.isArray(raw)
        ? (raw as string | string[])
        : raw === true
          ? 'true'
          : null;
    const options =
      'getOptions' in field && typeof field.getOptions === 'function' ? optionLabels(field.getOptions()) : [];
    const widgets = 'getWidgets' in field && typeof field.getWidgets === 'function' ? field.getWidgets() : [];
    out.push({
      name: field.name,
      type: field.type,
      value,
      options,
      required: field.isRequired(),
      multi:
        ('isMultiline' in field && field.isMultiline === true) ||
        ('isMultiSelect' in field && field.isMultiSelect === true),
      readOnly: field.isReadOnly(),
      widgets: widgets.flatMap((w) => {
        const key = w.pageRef ? `${w.pageRef.objectNumber} ${w.pageRef.generation}` : '';
        const own = w.ref ? `${w.ref.objectNumber} ${w.ref.generation}` : '';
        const pageNumber = pageNumberOf.get(key) ?? widgetPage.get(own);
        return pageNumber ? [{ pageNumber, rect: w.rect }] : [];
      }),
    });
  }
  return out;
}

function optionLabels(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options.map((o) =>
    typeof o === 'string'
      ? o
      : o && typeof o === 'object' && 'display' in o
        ? String(o.display)
        : String((o as { value?: unknown }).value ?? ''),
  );
}
