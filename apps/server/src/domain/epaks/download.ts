import { Code, safeFileName } from '@signet/contracts';
import { zipSync } from 'fflate';
import { attachmentsOfEpak } from '../../db/repositories/attachments.ts';
import { documentsOfEpak, findDocument, versionsOf } from '../../db/repositories/epaks.ts';
import { type SealState, sealStateOf } from '../../db/repositories/sealing.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { loadEpak } from './load-epak.ts';

export interface DownloadedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** `GET /v2/epaks/{ePakId}/documents/{documentId}/download`: the current (or `original`) PDF. */
export async function downloadEpakDocument(
  actor: Actor,
  epakId: string,
  documentId: string,
  which: 'current' | 'original',
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await loadEpak(tx, actor, epakId);
    const doc = (await documentsOfEpak(tx, epakId)).find((d) => d.id === documentId);
    if (!doc) throw new AppError(Code.DOCUMENT_MISSING);
    const versions = await versionsOf(tx, documentId);
    const version = which === 'original' ? versions[0] : versions.at(-1);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING);
    return {
      fileName: doc.name,
      contentType: 'application/pdf',
      bytes: await deps.blobs.get(version.blobHash),
    };
  });
}

/** `GET /v1/document/download?docId=&docType=Current|Original`: a document by id alone. */
export async function downloadDocument(
  actor: Actor,
  documentId: string,
  which: 'current' | 'original',
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  const doc = await deps.db.withTenant(actor.tenantId, (tx) => findDocument(tx, documentId));
  if (!doc || doc.deletedAt) throw new AppError(Code.DOCUMENT_MISSING);
  if (doc.epakId) return downloadEpakDocument(actor, doc.epakId, documentId, which, deps);
  if (doc.ownerId !== actor.userId && !can(actor, 'tenant.settings'))
    throw new AppError(Code.DOCUMENT_MISSING);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const versions = await versionsOf(tx, documentId);
    const version = which === 'original' ? versions[0] : versions.at(-1);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING);
    return {
      fileName: doc.name,
      contentType: 'application/pdf',
      bytes: await deps.blobs.get(version.blobHash),
    };
  });
}

/** How long a zip request waits for a seal the job has not made yet (it takes seconds). */
export const SEAL_WAIT_MS = 15_000;
const SEAL_POLL_MS = 250;

function stillSealing(state: SealState): AppError {
  return new AppError(
    Code.GENERIC_ERROR,
    state.attempts > 0
      ? 'The ePak is completed but sealing it (completion certificate and timestamps) failed; it is tried again shortly'
      : 'The ePak is completed and being sealed (completion certificate and timestamps); download it again in a moment',
    {
      httpStatus: 409,
      data: { sealing: true, since: state.requestedAt?.toISOString() ?? null, attempts: state.attempts },
    },
  );
}

/**
 * Waits, outside any transaction, while the ePak's seal is owed and its first attempt not made
 * yet — the seal job, woken by the completion, makes it within seconds. A seal that failed
 * before (retried later), or that takes longer than `waitMs`, answers 409 with `data.sealing`.
 */
async function awaitSeal(actor: TenantActor, epakId: string, deps: Deps, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state = await deps.db.withTenant(actor.tenantId, async (tx) => {
      await loadEpak(tx, actor, epakId);
      return sealStateOf(tx, epakId);
    });
    if (!state?.requestedAt || state.sealedAt) return;
    if (state.attempts > 0 || Date.now() >= deadline) throw stillSealing(state);
    await new Promise((resolve) => setTimeout(resolve, SEAL_POLL_MS));
  }
}

/** A name not yet in the zip: "name", then "name (2)", "name (3)"… before the extension. */
function freeName(files: Record<string, Uint8Array>, name: string): string {
  let out = name;
  for (let i = 2; files[out]; i++) out = name.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`);
  return out;
}

/**
 * `GET /v2/epaks/{ePakId}/download`: a zip of every document as it is now, the completion
 * certificate included, and the files given to attachment tags under `attachments/`. A completed
 * ePak is zipped once sealed (`awaitSeal`), never without its certificate and timestamps.
 */
export async function downloadEpakZip(
  actor: Actor,
  epakId: string,
  deps: Deps,
  opts: { sealWaitMs: number } = { sealWaitMs: SEAL_WAIT_MS },
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  await awaitSeal(actor, epakId, deps, opts.sealWaitMs);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { epak } = await loadEpak(tx, actor, epakId);
    const files: Record<string, Uint8Array> = {};
    for (const doc of await documentsOfEpak(tx, epakId)) {
      const version = (await versionsOf(tx, doc.id)).at(-1);
      if (!version) continue;
      files[freeName(files, doc.name)] = await deps.blobs.get(version.blobHash);
    }
    for (const a of await attachmentsOfEpak(tx, epakId)) {
      files[freeName(files, `attachments/${safeFileName(a.fileName, 'attachment')}`)] = await deps.blobs.get(
        a.blobHash,
      );
    }
    // PDFs are compressed already; storing them keeps the zip fast to make.
    const bytes = zipSync(files, { level: 0 });
    const safe = safeFileName(epak.subject, 'epak');
    return { fileName: `${safe}.zip`, contentType: 'application/zip', bytes };
  });
}
