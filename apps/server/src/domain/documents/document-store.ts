import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { currentVersion, insertVersion } from '../../db/repositories/epaks.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';

/** The bytes of a document's current version. */
export async function currentBytes(tx: Executor, documentId: string, deps: Deps) {
  const version = await currentVersion(tx, documentId);
  if (!version) throw new AppError(Code.DOCUMENT_MISSING);
  return { version, bytes: await deps.blobs.get(version.blobHash) };
}

/**
 * Stores a new version: the blob is written and fsynced first, then the row that points to it
 * is inserted in the caller's transaction, so a committed version always has its bytes.
 */
export async function addVersion(
  tx: Executor,
  p: {
    tenantId: string;
    documentId: string;
    version: number;
    bytes: Uint8Array;
    kind: string;
    recipientId?: string | null;
    createdBy?: string | null;
  },
  deps: Deps,
): Promise<{ hash: string; size: number }> {
  const blob = await deps.blobs.put(p.bytes);
  await insertVersion(tx, {
    tenantId: p.tenantId,
    documentId: p.documentId,
    version: p.version,
    blobHash: blob.hash,
    size: blob.size,
    kind: p.kind,
    recipientId: p.recipientId ?? null,
    createdBy: p.createdBy ?? null,
  });
  return blob;
}
