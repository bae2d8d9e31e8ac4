import { Code } from '@signet/contracts';
import { PdfDocument } from '../core/document.ts';
import { PdfError } from '../core/errors.ts';
import { pageCount } from '../core/pages.ts';
import { readXref } from '../core/xref.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { readAllPageGeometry } from '../geometry/read-geometry.ts';
import { certificationLevel } from './certification.ts';
import { type DetectedType, detectType } from './detect-type.ts';
import { INGEST_LIMITS, type IngestLimits } from './ingest-limits.ts';
import { convertOffice } from './office.ts';
import {
  imagesToPdfSandboxed,
  inspectPdfSandboxed,
  rewritePdfSandboxed,
  xmlToPdfSandboxed,
} from './sandbox.ts';

export interface IngestOptions {
  limits?: Partial<IngestLimits>;
  /** Path of LibreOffice's soffice; found on PATH when omitted. */
  soffice?: string;
}

/** What ingest did to make the upload signable. */
export type IngestAction =
  /** A PDF taken byte for byte (already signed, or clean and appendable). */
  | 'kept'
  /** Encrypted with an empty user password: decrypted and rewritten once. */
  | 'decrypted'
  /** Damaged or not appendable: repaired by a full rewrite. */
  | 'repaired'
  /** An office file converted by LibreOffice. */
  | 'converted'
  /** An image or XML file turned into a new PDF. */
  | 'created';

export interface IngestResult {
  pdf: Uint8Array;
  sourceType: DetectedType;
  action: IngestAction;
  /** The PDF already carried signatures (and was kept byte for byte). */
  signed: boolean;
  pageCount: number;
  pages: PageGeometry[];
}

const ACCEPTED = 'PDF, XML, JPEG, JPEG 2000, PNG, GIF, TIFF, BMP, Word, Excel or PowerPoint';

/**
 * Turns an upload into a PDF we can sign (spec §5 formats). Refusals throw `PdfError` with the
 * spec code and a message for a person.
 */
export async function ingestUpload(bytes: Uint8Array, opts: IngestOptions = {}): Promise<IngestResult> {
  const limits: IngestLimits = { ...INGEST_LIMITS, ...opts.limits };
  if (bytes.length === 0) throw new PdfError(Code.EMPTY_FILE, 'The file is empty.');
  if (bytes.length > limits.maxBytes) {
    throw new PdfError(
      Code.INVALID_INPUT,
      `The file is ${mb(bytes.length)} MB; files up to ${mb(limits.maxBytes)} MB are accepted.`,
    );
  }
  const type = detectType(bytes);
  switch (type) {
    case 'pdf':
      return ingestPdf(bytes, limits, type);
    case 'jpeg':
    case 'jpeg2000':
    case 'png':
    case 'gif':
    case 'tiff':
    case 'bmp': {
      const created = await imagesToPdfSandboxed(bytes, sandboxOptions(limits));
      return {
        pdf: created.pdf,
        sourceType: type,
        action: 'created',
        signed: false,
        pageCount: created.pages.length,
        pages: created.pages,
      };
    }
    case 'xml': {
      const created = await xmlToPdfSandboxed(bytes, {
        ...sandboxOptions(limits),
        maxChars: limits.maxXmlChars,
      });
      return {
        pdf: created.pdf,
        sourceType: type,
        action: 'created',
        signed: false,
        pageCount: created.pages.length,
        pages: created.pages,
      };
    }
    case 'doc':
    case 'docx':
    case 'xls':
    case 'xlsx':
    case 'ppt':
    case 'pptx': {
      const converted = await convertOffice(bytes, type, {
        soffice: opts.soffice,
        timeoutMs: limits.officeTimeoutMs,
      });
      const result = await ingestPdf(converted, limits, type);
      return { ...result, action: 'converted' };
    }
    case 'unknown':
      throw new PdfError(
        Code.EXTENSION_NOT_ENABLED,
        `This type of file is not accepted. Upload a ${ACCEPTED} file.`,
      );
  }
}

function sandboxOptions(limits: IngestLimits) {
  return {
    timeoutMs: limits.parseTimeoutMs,
    heapMb: limits.workerHeapMb,
    rssMb: limits.sandboxRssMb,
    maxPages: limits.maxPages,
  };
}

function mb(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}

const ENCRYPT_ENTRY = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/;

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function encryptionRefusal(bytes: Uint8Array): PdfError {
  try {
    PdfDocument.open(bytes);
  } catch (e) {
    if (e instanceof PdfError) return e;
  }
  return new PdfError(
    Code.INVALID_DOCUMENT,
    'This PDF is encrypted in a way that cannot be opened here (it needs a password or a certificate). Upload an unprotected copy.',
  );
}

/** A signature dictionary leaves a /ByteRange array in the file, encrypted or not. */
export function hasSignatures(bytes: Uint8Array): boolean {
  return /\/ByteRange\s*\[\s*\d+\s+\d+\s+\d+\s+\d+\s*\]/.test(latin1(bytes));
}

/**
 * Page geometry through the core reader, the one that will append to the file later. The file
 * has already been parsed whole in the sandbox, so reading its page tree here is safe.
 */
function geometryOf(pdf: Uint8Array, maxPages: number): { pageCount: number; pages: PageGeometry[] } {
  try {
    const doc = PdfDocument.open(pdf);
    const count = pageCount(doc);
    if (count > maxPages) {
      throw new PdfError(
        Code.PAGE_LIMIT_EXCEEDED,
        `The document has ${count} pages; at most ${maxPages} are allowed.`,
      );
    }
    const pages = readAllPageGeometry(doc);
    return { pageCount: pages.length, pages };
  } catch (e) {
    if (e instanceof PdfError && e.code === Code.PAGE_LIMIT_EXCEEDED) throw e;
    const detail = e instanceof Error ? ` (${e.message.replace(/\.$/, '')})` : '';
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      `The page structure of this PDF is malformed${detail}, so it cannot be prepared for signing.`,
    );
  }
}

function tryGeometry(
  pdf: Uint8Array,
  maxPages: number,
): { pageCount: number; pages: PageGeometry[] } | undefined {
  try {
    return geometryOf(pdf, maxPages);
  } catch (e) {
    if (e instanceof PdfError && e.code === Code.PAGE_LIMIT_EXCEEDED) throw e;
    return undefined;
  }
}

function appendable(bytes: Uint8Array): boolean {
  try {
    readXref(bytes);
    return true;
  } catch {
    return false;
  }
}

async function ingestPdf(
  bytes: Uint8Array,
  limits: IngestLimits,
  sourceType: DetectedType,
): Promise<IngestResult> {
  const sandbox = {
    timeoutMs: limits.parseTimeoutMs,
    heapMb: limits.workerHeapMb,
    maxPages: limits.maxPages,
  };
  const signed = hasSignatures(bytes);
  const inspection = await inspectPdfSandboxed(bytes, sandbox);
  if (signed) {
    // Signed files are never rewritten: that would invalidate the signatures they carry.
    if (!appendable(bytes)) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is already signed, but its internal structure is damaged, so no further signature can be added without breaking the existing ones.',
      );
    }
    if (certificationLevel(PdfDocument.open(bytes)) === 1) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is certified by its author so that no change at all is allowed, so it cannot be signed again.',
      );
    }
    return { pdf: bytes, sourceType, action: 'kept', signed, ...geometryOf(bytes, limits.maxPages) };
  }
  if (!inspection.encrypted && ENCRYPT_ENTRY.test(latin1(bytes))) {
    // The parser did not recognise the encryption (certificate-based, or malformed): never
    // rewrite such a file, the result would be garbage. The core reader says which case it is.
    throw encryptionRefusal(bytes);
  }
  const headerAtStart = Buffer.from(bytes.buffer, bytes.byteOffset, 5).toString('latin1') === '%PDF-';
  if (!inspection.encrypted && !inspection.recovered && headerAtStart && appendable(bytes)) {
    // Clean files are kept as they are, if the core reader also reads their page tree;
    // otherwise (e.g. page tree quirks) the rewrite below normalises them.
    const geometry = tryGeometry(bytes, limits.maxPages);
    if (geometry) return { pdf: bytes, sourceType, action: 'kept', signed, ...geometry };
  }
  const rewritten = await rewritePdfSandboxed(bytes, sandbox);
  const check = await inspectPdfSandboxed(rewritten, sandbox);
  if (check.encrypted || !appendable(rewritten)) {
    throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF is damaged and could not be repaired.');
  }
  return {
    pdf: rewritten,
    sourceType,
    action: inspection.encrypted ? 'decrypted' : 'repaired',
    signed,
    ...geometryOf(rewritten, limits.maxPages),
  };
}
