import type { FormFieldTag } from '../document/form-field-tag.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import type { ComparePage } from '../render/compare-pages.ts';
import type { TextMatch } from '../render/find-text.ts';
import type { VerificationReport } from '../verify/verify-pdf.ts';
import { INGEST_LIMITS } from './ingest-limits.ts';
import type { PageGeometryResult } from './pdf-structure.ts';
import type { PdfInspection } from './pdf-tasks.ts';
import { NO_TENANT, SandboxPool } from './sandbox-pool.ts';
import type { SandboxRequest } from './sandbox-protocol.ts';

/**
 * Full parses of untrusted files (PDF repair, image decoding, merging, page geometry) run in the
 * sandbox pool, never in the server's process. Each call names the pool (the server makes one
 * from its configuration) and the tenant it works for; without them the process-wide default
 * pool is used (CLI, tests).
 */
export interface SandboxOptions {
  timeoutMs?: number;
  maxChars?: number;
  heapMb?: number;
  rssMb?: number;
  maxPages?: number;
  pool?: SandboxPool;
  /** Whose work this is: the pool shares workers fairly between tenants. */
  tenant?: string;
  /** A later step of a request the pool already admitted: not refused for a full queue. */
  admitted?: boolean;
}

let defaultPool: SandboxPool | undefined;

function poolOf(opts: SandboxOptions): SandboxPool {
  if (opts.pool) return opts.pool;
  defaultPool ??= new SandboxPool();
  return defaultPool;
}

function runTask<T>(request: Omit<SandboxRequest, 'id' | 'maxPages'>, opts: SandboxOptions): Promise<T> {
  return poolOf(opts).run<T>(
    opts.tenant ?? NO_TENANT,
    { ...request, maxPages: opts.maxPages ?? INGEST_LIMITS.maxPages, maxChars: opts.maxChars },
    {
      timeoutMs: opts.timeoutMs ?? INGEST_LIMITS.parseTimeoutMs,
      heapMb: opts.heapMb ?? INGEST_LIMITS.workerHeapMb,
      rssMb: opts.rssMb ?? INGEST_LIMITS.sandboxRssMb,
    },
    opts.admitted ?? false,
  );
}

/** The decoded-bytes check, a full parse and the core reader's view (structure, geometry). */
export function inspectPdfSandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<PdfInspection> {
  return runTask({ task: 'inspect', bytes }, opts);
}

export function rewritePdfSandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<Uint8Array> {
  return runTask({ task: 'rewrite', bytes }, opts);
}

/** Decodes an uploaded image file and makes its pages, in the sandbox. */
export function imagesToPdfSandboxed(
  bytes: Uint8Array,
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array; pages: PageGeometry[] }> {
  return runTask({ task: 'image-pdf', bytes }, opts);
}

/** Renders an uploaded XML file as a PDF, in the sandbox. */
export function xmlToPdfSandboxed(
  bytes: Uint8Array,
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array; pages: PageGeometry[] }> {
  return runTask({ task: 'xml-pdf', bytes }, opts);
}

/** Merges PDFs into one new document and reads its page geometry, in the sandbox. */
export function mergePdfsSandboxed(
  parts: Uint8Array[],
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array } & PageGeometryResult> {
  return runTask({ task: 'merge', bytes: new Uint8Array(), parts }, opts);
}

/** Every page's geometry of a stored PDF, read in the sandbox. */
export function pageGeometrySandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<PageGeometry[]> {
  return runTask({ task: 'geometry', bytes }, opts);
}

/** The PDF's form fields placed as tags, read in the sandbox. */
export function formFieldTagsSandboxed(
  bytes: Uint8Array,
  opts: SandboxOptions = {},
): Promise<FormFieldTag[]> {
  return runTask({ task: 'form-fields', bytes }, opts);
}

/** One page drawn as a WebP picture `widthPx` wide (render/page-image.ts), in the sandbox. */
export function pageImageSandboxed(
  bytes: Uint8Array,
  page: { pageNumber: number; widthPx: number },
  opts: SandboxOptions = {},
): Promise<Uint8Array> {
  return runTask({ task: 'page-image', bytes, page }, opts);
}

/**
 * Every occurrence of each needle in the PDF's text, boxed in tag coordinates (render/find-text.ts),
 * in the sandbox: at most `maxMatches` (default 2,000), plus one when the text holds more.
 */
export function findTextSandboxed(
  bytes: Uint8Array,
  needles: string[],
  opts: SandboxOptions & { maxMatches?: number } = {},
): Promise<TextMatch[]> {
  return runTask({ task: 'find-text', bytes, needles, maxMatches: opts.maxMatches }, opts);
}

/** Every signature of anyone's PDF checked against `anchors` (verify/verify-pdf.ts), in the sandbox. */
export function verifyPdfSandboxed(
  bytes: Uint8Array,
  anchors: Uint8Array[],
  opts: SandboxOptions = {},
): Promise<VerificationReport> {
  return runTask({ task: 'verify', bytes, anchors }, opts);
}

/**
 * A comparison's reading of one document (render/compare-pages.ts), in the sandbox: every page's
 * words and fingerprint (`pass: 'read'`), or small grey pictures of the given pages (`draw`).
 */
export function comparePagesSandboxed(
  bytes: Uint8Array,
  pass: { read: true } | { draw: number[]; rasterScale: number },
  opts: SandboxOptions = {},
): Promise<ComparePage[]> {
  return 'read' in pass
    ? runTask({ task: 'compare-pages', bytes, rasterScale: 0, fingerprints: true }, opts)
    : runTask({ task: 'compare-pages', bytes, rasterScale: pass.rasterScale, drawPages: pass.draw }, opts);
}

/**
 * Work of the application on untrusted bytes that the engine does not know (the server's photo
 * clean-up), run in the sandbox like the engine's own tasks: the same per-tenant queues, time,
 * heap and memory limits. `moduleUrl` is the file URL of a module exporting
 * `sandboxTask(bytes, input)`; the sandbox loads it, so the engine never imports the application.
 * A refusal it throws with a numeric `code` comes back as a PdfError with that code.
 */
export function runModuleSandboxed<T>(
  moduleUrl: string,
  bytes: Uint8Array,
  input: unknown,
  opts: SandboxOptions = {},
): Promise<T> {
  return runTask({ task: 'module', bytes, module: { url: moduleUrl, input } }, opts);
}

/** Stops the default pool's processes (tests, shutdown of the CLI). */
export async function closeSandbox(): Promise<void> {
  const pool = defaultPool;
  defaultPool = undefined;
  await pool?.close();
}
