import { Code, type CompareQuery, type CompareResult } from '@signet/contracts';
import { COMPARE_RASTER_SCALE, type ComparePage, comparePagesSandboxed } from '@signet/pdf';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { downloadEpakDocument } from '../epaks/download.ts';
import { authorizeInTenant } from '../policy.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { alignPages } from './align-pages.ts';
import { comparePages } from './compare-pages.ts';
import { revisionsOf } from './revisions.ts';

/** A document of more pages than this is not compared (-241): the answer stays within seconds. */
export const COMPARE_MAX_PAGES = 500;
/** Reading and drawing both documents: beyond this the call answers -179. */
const COMPARE_TIMEOUT_MS = 60_000;

export interface CompareFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * While the tenant's compare switch (admin settings, Features) is off: -1 with 409 and
 * `data.feature`, as for team rooms: the page says the feature is off.
 */
async function requireCompareOn(actor: TenantActor, deps: Deps): Promise<void> {
  const tenant = await deps.db.withTenant(actor.tenantId, (tx) => findTenant(tx, actor.tenantId));
  if (!readTenantSettings(tenant?.settings).features.compare)
    throw new AppError(Code.GENERIC_ERROR, 'PDF compare is off in this tenant (admin settings, Features)', {
      httpStatus: 409,
      data: { feature: 'compare' },
    });
}

interface Sources {
  first: CompareFile;
  second: CompareFile;
  revisions: CompareResult['revisions'];
}

/** Two revisions of an ePak document the actor may read (by default before signing and now). */
async function revisionSources(actor: Actor, query: CompareQuery, deps: Deps): Promise<Sources> {
  if (!query.ePakId || !query.documentId)
    throw new AppError(Code.INVALID_INPUT, 'Name both the ePak and its document (ePakId, documentId)');
  const current = await downloadEpakDocument(actor, query.ePakId, query.documentId, 'current', deps);
  const boundaries = revisionsOf(current.bytes);
  const last = boundaries.length - 1;
  const from = query.from ?? 0;
  const to = query.to ?? last;
  const a = boundaries[from];
  const b = boundaries[to];
  if (!a || !b)
    throw new AppError(Code.INVALID_INPUT, `This document has revisions 0 to ${last}`, {
      data: { revisions: boundaries.length },
    });
  const name = (r: typeof a) =>
    `${current.fileName} (${r.kind === 'afterSignature' ? `after signature ${r.signature}` : r.kind === 'current' ? 'current' : 'before signatures'})`;
  return {
    first: { fileName: name(a), bytes: current.bytes.subarray(0, a.end) },
    second: { fileName: name(b), bytes: current.bytes.subarray(0, b.end) },
    revisions: { list: boundaries.map(({ end: _end, ...r }) => r), from, to },
  };
}

/**
 * Both documents read in the sandbox (in parallel, one worker each when free): first every page's
 * words and fingerprint, then pictures of only the paired pages whose fingerprints differ (a page
 * that draws the same needs no picture: it has no changed region). Exported for the benchmark.
 */
export async function readAndDraw(
  first: Uint8Array,
  second: Uint8Array,
  opts: NonNullable<Parameters<typeof comparePagesSandboxed>[2]>,
): Promise<[ComparePage[], ComparePage[]]> {
  const [a, b] = await Promise.all([
    comparePagesSandboxed(first, { read: true }, opts),
    comparePagesSandboxed(second, { read: true }, { ...opts, admitted: true }),
  ]);
  const drawA: number[] = [];
  const drawB: number[] = [];
  for (const { first: i, second: j } of alignPages(a, b)) {
    if (i === null || j === null) continue;
    if (a[i - 1]?.fingerprint !== b[j - 1]?.fingerprint || !a[i - 1]?.fingerprint) {
      drawA.push(i);
      drawB.push(j);
    }
  }
  const draw = (bytes: Uint8Array, pages: number[]) =>
    pages.length === 0
      ? Promise.resolve([])
      : comparePagesSandboxed(
          bytes,
          { draw: pages, rasterScale: COMPARE_RASTER_SCALE },
          { ...opts, admitted: true },
        );
  const [pa, pb] = await Promise.all([draw(first, drawA), draw(second, drawB)]);
  for (const p of pa)
    if (a[p.pageNumber - 1] && p.raster) (a[p.pageNumber - 1] as ComparePage).raster = p.raster;
  for (const p of pb)
    if (b[p.pageNumber - 1] && p.raster) (b[p.pageNumber - 1] as ComparePage).raster = p.raster;
  return [a, b];
}

/**
 * `POST /v1/document/compare`: two PDFs compared, text and pictures. Uploaded files are anyone's,
 * so both are read in the sandbox (in parallel, one worker each when free). -109 without two
 * files, -59 for a file that is not a readable PDF or needs a password, -241 past
 * COMPARE_MAX_PAGES, 413 for an upload past the size limit, 409 while the tenant's switch is off.
 */
export async function compareDocuments(
  actor: Actor,
  query: CompareQuery,
  /** Reads the uploaded files (after the checks: nobody's upload is read for a refused call). */
  files: () => Promise<CompareFile[]>,
  deps: Deps,
): Promise<CompareResult> {
  authorizeInTenant(actor, 'documents.manage');
  await requireCompareOn(actor, deps);
  let sources: Sources;
  if (query.ePakId || query.documentId) sources = await revisionSources(actor, query, deps);
  else {
    const [first, second] = (await files()).filter((f) => f.bytes.length > 0);
    if (!first || !second)
      throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Choose two PDF files to compare');
    sources = { first, second, revisions: null };
  }
  const opts = {
    pool: deps.sandbox,
    tenant: actor.tenantId,
    maxPages: COMPARE_MAX_PAGES,
    timeoutMs: COMPARE_TIMEOUT_MS,
  };
  const [a, b] = await withPdfErrors(() => readAndDraw(sources.first.bytes, sources.second.bytes, opts));
  return {
    first: { name: sources.first.fileName.slice(0, 255), pages: a.length },
    second: { name: sources.second.fileName.slice(0, 255), pages: b.length },
    revisions: sources.revisions,
    ...comparePages(a, b),
  };
}
