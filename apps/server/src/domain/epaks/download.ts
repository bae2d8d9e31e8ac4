import { Code, safeFileName } from '@signet/contracts';
import { zipSync } from 'fflate';
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

/** `GET /v2/epaks/{ePakId}/download`: a zip of every document as it is now, the completion certificate included. */
export async function downloadEpakZip(actor: Actor, epakId: string, deps: Deps): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { epak } = await loadEpak(tx, actor, epakId);
    const files: Record<string, Uint8Array> = {};
    for (const doc of await documentsOfEpak(tx, epakId)) {
      const version = (await versionsOf(tx, doc.id)).at(-1);
      if (!version) continue;
      let name = doc.name;
      for (let i = 2; files[name]; i++) name = doc.name.replace(/(\.pdf)?$/i, ` (${i}).pdf`);
      files[name] = await deps.blobs.get(version.blobHash);
    }
    // PDFs are compressed already; storing them keeps the zip fast to make.
    const bytes = zipSync(files, { level: 0 });
    const safe = safeFileName(epak.subject, 'epak');
    return { fileName: `${safe}.zip`, contentType: 'application/zip', bytes };
  });
}
