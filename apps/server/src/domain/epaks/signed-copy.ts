import { Code } from '@signet/contracts';
import { documentsOfEpak, versionsOf } from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import type { DownloadedFile } from './download.ts';
import { loadEpak } from './load-epak.ts';

/**
 * `GET /v2/epaks/{ePakId}/documents/{documentId}/signedcopy`: a signer's own copy of what they
 * signed — the version of the document their signature made, as it stood then (signers after
 * them missing, which is what they signed). Served to a link session too, so a signer without an
 * account (easy-sign link) keeps a copy; only for a document this person has signed (-1006
 * otherwise, as for a document that is not there), and recorded in the ePak's activity.
 */
export async function downloadSignedCopy(
  actor: Actor,
  epakId: string,
  documentId: string,
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId);
    const doc = (await documentsOfEpak(tx, epakId)).find((d) => d.id === documentId);
    if (!doc) throw new AppError(Code.DOCUMENT_MISSING);
    const mine = new Set(loaded.mine.map((r) => r.id));
    // The last version one of this person's recipient entries made (one person may sign in two steps).
    const version = (await versionsOf(tx, documentId))
      .filter((v) => v.kind === 'signature' && v.recipientId !== null && mine.has(v.recipientId))
      .at(-1);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING, 'You have not signed this document');
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'document.downloaded',
        details: { documentId, recipientId: version.recipientId, version: version.version },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return {
      fileName: doc.name,
      contentType: 'application/pdf',
      bytes: await deps.blobs.get(version.blobHash),
    };
  });
}
