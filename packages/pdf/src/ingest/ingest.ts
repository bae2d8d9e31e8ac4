import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { type DetectedType, detectType } from './detect-type.ts';
import { INGEST_LIMITS, type IngestLimits } from './ingest-limits.ts';
import { convertOffice } from './office.ts';
import { requireGeometry } from './pdf-structure.ts';
import {
  imagesToPdfSandboxed,
  inspectPdfSandboxed,
  rewritePdfSandboxed,
  xmlToPdfSandboxed,
} from './sandbox.ts';
import type { SandboxPool } from './sandbox-pool.ts';

export interface IngestOptions {
  limits?: Partial<IngestLimits>;
  /** Path of LibreOffice's soffice; found on PATH when omitted. */
  soffice?: string;
  /** The sandbox pool to run in (the server's); the process-wide default otherwise. */
  pool?: SandboxPool;
  /** Whose upload this is: the pool shares its workers fairly between tenants. */
  tenant?: string;
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
      return ingestPdf(bytes, limits, type, opts);
    case 'jpeg':
    case 'jpeg2000':
    case 'png':
    case 'gif':
    case 'tiff':
    case 'bmp': {
      const created = await imagesToPdfSandboxed(bytes, { ...sandboxOptions(limits), ...poolOf(opts) });
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
        ...poolOf(opts),
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
        maxUnpackedBytes: limits.officeMaxUnpackedBytes,
      });
      const result = await ingestPdf(converted, limits, type, opts);
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

function poolOf(opts: IngestOptions) {
  return { pool: opts.pool, tenant: opts.tenant };
}

function mb(n: number): string {
  return (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
}

const ENCRYPT_ENTRY = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/;

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** A signature dictionary leaves a /ByteRange array in the file, encrypted or not. */
export function hasSignatures(bytes: Uint8Array): boolean {
  return /\/ByteRange\s*\[\s*\d+\s+\d+\s+\d+\s+\d+\s*\]/.test(latin1(bytes));
}

/**
 * PDFs: every read of the file's structure (decoded-bytes budget, full parse, the core reader's
 * cross-reference, certification and page geometry) happens in the sandbox; this process only
 * decides from the answers.
 */
async function ingestPdf(
  bytes: Uint8Array,
  limits: IngestLimits,
  sourceType: DetectedType,
  opts: IngestOptions,
): Promise<IngestResult> {
  const sandbox = { ...sandboxOptions(limits), pool: opts.pool, tenant: opts.tenant };
  const signed = hasSignatures(bytes);
  const inspection = await inspectPdfSandboxed(bytes, sandbox);
  const structure = inspection.structure;
  if (signed) {
    // Signed files are never rewritten: that would invalidate the signatures they carry.
    if (!structure.appendable) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is already signed, but its internal structure is damaged, so no further signature can be added without breaking the existing ones.',
      );
    }
    // The core reader's own refusal (e.g. certificate encryption) says best why it cannot go on.
    if (structure.openError) throw new PdfError(Code.INVALID_DOCUMENT, structure.openError);
    if (structure.certificationLevel === 1) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is certified by its author so that no change at all is allowed, so it cannot be signed again. Ask the author for a copy that is not certified, or upload another file.',
      );
    }
    return { pdf: bytes, sourceType, action: 'kept', signed, ...requireGeometry(structure.geometry) };
  }
  if (!inspection.encrypted && ENCRYPT_ENTRY.test(latin1(bytes))) {
    // The parser did not recognise the encryption (certificate-based, or malformed): never
    // rewrite such a file, the result would be garbage. The core reader says which case it is.
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      structure.openError ??
        'This PDF is encrypted in a way that cannot be opened here (it needs a password or a certificate). Upload an unprotected copy.',
    );
  }
  const headerAtStart = Buffer.from(bytes.buffer, bytes.byteOffset, 5).toString('latin1') === '%PDF-';
  if (!inspection.encrypted && !inspection.recovered && headerAtStart && structure.appendable) {
    // Clean files are kept as they are, if the core reader also reads their page tree;
    // otherwise (e.g. page tree quirks) the rewrite below normalises them.
    const g = structure.geometry;
    if ('code' in g && g.code === Code.PAGE_LIMIT_EXCEEDED) throw new PdfError(g.code, g.message);
    if (!('code' in g)) return { pdf: bytes, sourceType, action: 'kept', signed, ...g };
  }
  const rewritten = await rewritePdfSandboxed(bytes, { ...sandbox, admitted: true });
  const check = await inspectPdfSandboxed(rewritten, { ...sandbox, admitted: true });
  if (check.encrypted || !check.structure.appendable) {
    throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF is damaged and could not be repaired.');
  }
  return {
    pdf: rewritten,
    sourceType,
    action: inspection.encrypted ? 'decrypted' : 'repaired',
    signed,
    ...requireGeometry(check.structure.geometry),
  };
}
