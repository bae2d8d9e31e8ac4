import { Code, safeFileName } from '@signet/contracts';
import { zipSync } from 'fflate';
import { attachmentsOfEpak } from '../../db/repositories/attachments.ts';
import { documentsOfEpak, findDocument, versionsOf } from '../../db/repositories/epaks.ts';
import type { Actor } from '../actor.ts';
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

/** A name not yet in the zip: "name", then "name (2)", "name (3)"… before the extension. */
function freeName(files: Record<string, Uint8Array>, name: string): string {
  let out = name;
  for (let i = 2; files[out]; i++) out = name.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`);
  return out;
}

/**
 * `GET /v2/epaks/{ePakId}/download`: a zip of every document as it is now, the completion
 * certificate included, and the files given to attachment tags under `attachments/`. A completed
 * ePak whose seal (certificate, document timestamps) the seal job has not made yet answers 409
 * with `data.sealing`, rather than a zip that would lack them; the job runs within seconds.
 */
export async function downloadEpakZip(actor: Actor, epakId: string, deps: Deps): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { epak } = await loadEpak(tx, actor, epakId);
    if (epak.sealRequestedAt && !epak.sealedAt) {
      throw new AppError(
        Code.GENERIC_ERROR,
        'The ePak is completed and being sealed (completion certificate and timestamps); download it again in a moment',
        { httpStatus: 409, data: { sealing: true, since: epak.sealRequestedAt.toISOString() } },
      );
    }
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
