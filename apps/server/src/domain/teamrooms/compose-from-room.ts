import { Code, type Document, type TeamRoomDetail } from '@signet/contracts';
import { findDocument, insertDocument, insertVersion, updateDocument } from '../../db/repositories/epaks.ts';
import { documentsOfRoom, lockRoomDocuments, updateRoomDocument } from '../../db/repositories/teamrooms.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { presentDocument } from '../documents/present-document.ts';
import { authorizeInTenant } from '../policy.ts';
import { logRoom, readRoomDetail } from './manage-rooms.ts';
import { useOf } from './present-room.ts';
import { loadRoom } from './room-access.ts';
import { isLocked, unlockRefused } from './room-rules.ts';

/**
 * `POST /v1/teamrooms/{teamRoomId}/compose`: the first half of starting an ePak from room
 * documents. Each becomes a copy in the composer's library (a `documents` row on the same blob),
 * which the ordinary compose (`POST /v2/epak`, the same use case as every ePak) then binds; the
 * room document points at its copy, so the room shows that ePak's status and stays locked while
 * it is composed, a draft, in progress or stopped. A locked document answers -169, except to the
 * member already composing it, who gets the same copy back (a reloaded compose page).
 */
export async function composeFromRoom(
  actor: Actor,
  teamRoomId: string,
  documentIds: readonly string[],
  deps: Deps,
): Promise<{ documents: Document[] }> {
  authorizeInTenant(actor, 'epaks.compose');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'compose', { lock: true });
    const ids = [...new Set(documentIds)];
    // Row locks: two members composing the same document take turns, and the second sees the claim.
    const locked = await lockRoomDocuments(tx, room.id, ids);
    if (locked.length !== ids.length) throw new AppError(Code.DOCUMENT_MISSING);
    const rows = await documentsOfRoom(tx, room.id, ids);
    const out: Document[] = [];
    for (const id of ids) {
      const row = rows.find((r) => r.doc.id === id);
      if (!row) throw new AppError(Code.DOCUMENT_MISSING);
      const use = useOf(row);
      let copyId: string;
      if (use.kind === 'composing' && row.doc.composedBy === actor.userId && row.doc.composeDocumentId) {
        copyId = row.doc.composeDocumentId;
      } else if (isLocked(use)) {
        throw new AppError(Code.COMPOSE_DOCUMENT_USED, `${row.doc.name} is already used in an ePak`, {
          data: { documentId: id },
        });
      } else {
        copyId = await insertDocument(tx, {
          tenantId: actor.tenantId,
          ownerId: actor.userId,
          name: row.doc.name,
          originalName: row.doc.originalName,
          status: 'Uploaded',
          kind: row.doc.kind,
          pageCount: row.doc.pageCount,
          pages: row.doc.pages,
          formFields: row.doc.formFields,
          createdAt: deps.clock.now(),
        });
        await insertVersion(tx, {
          tenantId: actor.tenantId,
          documentId: copyId,
          version: 1,
          blobHash: row.doc.blobHash,
          size: row.doc.size,
          kind: 'teamroom',
          createdBy: actor.userId,
        });
        await updateRoomDocument(tx, id, { composeDocumentId: copyId, composedBy: actor.userId });
        await logRoom(
          tx,
          actor,
          'teamroom.documentComposed',
          { teamRoomId: room.id, documentId: id, copyId },
          deps,
        );
      }
      const copy = await findDocument(tx, copyId);
      if (!copy) throw new AppError(Code.DOCUMENT_MISSING);
      out.push(presentDocument(copy, { blobHash: row.doc.blobHash, size: row.doc.size }));
    }
    return { documents: out };
  });
}

/**
 * `POST /v1/teamrooms/{teamRoomId}/documents/{documentId}/unlock`: lets a room document go from
 * its ePak, so it can be composed again or deleted; the ePak keeps its own copy. Refused with
 * -170 while that ePak is in progress. A copy still waiting in someone's library is removed.
 */
export async function unlockRoomDocument(
  actor: Actor,
  teamRoomId: string,
  documentId: string,
  deps: Deps,
): Promise<TeamRoomDetail> {
  authorizeInTenant(actor, 'teamrooms.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { room } = await loadRoom(tx, actor, teamRoomId, 'unlock', { lock: true });
    if ((await lockRoomDocuments(tx, room.id, [documentId])).length === 0)
      throw new AppError(Code.DOCUMENT_MISSING);
    const [row] = await documentsOfRoom(tx, room.id, [documentId]);
    if (!row) throw new AppError(Code.DOCUMENT_MISSING);
    const use = useOf(row);
    if (unlockRefused(use)) throw new AppError(Code.TEAMROOM_UNLOCK_IN_PROGRESS);
    if (use.kind === 'composing' && row.doc.composeDocumentId)
      await updateDocument(tx, row.doc.composeDocumentId, { deletedAt: deps.clock.now() });
    await updateRoomDocument(tx, documentId, { composeDocumentId: null, composedBy: null });
    await logRoom(
      tx,
      actor,
      'teamroom.documentUnlocked',
      { teamRoomId: room.id, documentId, was: use.kind },
      deps,
    );
    return readRoomDetail(tx, actor, room.id);
  });
}
