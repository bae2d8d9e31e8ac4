import type { TeamRoom, TeamRoomDocument, TeamRoomRole, TeamRoomStatus } from '@signet/contracts';
import type { documentsOfRoom, TeamRoomRow } from '../../db/repositories/teamrooms.ts';
import { documentUse, isLocked } from './room-rules.ts';

export function presentRoom(
  room: TeamRoomRow,
  myRole: TeamRoomRole,
  counts: { memberCount: number; documentCount: number },
): TeamRoom {
  return {
    teamRoomId: room.id,
    name: room.name,
    description: room.description,
    status: room.status as TeamRoomStatus,
    myRole,
    memberCount: counts.memberCount,
    documentCount: counts.documentCount,
    createdOn: room.createdAt.toISOString(),
  };
}

type RoomDocumentRead = Awaited<ReturnType<typeof documentsOfRoom>>[number];

/** Facts the lock rules read, from one row of `documentsOfRoom`. */
export function useOf(r: RoomDocumentRead) {
  return documentUse({
    composeDocumentId: r.doc.composeDocumentId,
    copyExists: r.copyId !== null,
    copyDeletedAt: r.copyDeletedAt,
    epakId: r.epakId,
    status: r.status,
  });
}

export function presentRoomDocument(r: RoomDocumentRead): TeamRoomDocument {
  const use = useOf(r);
  return {
    documentId: r.doc.id,
    name: r.doc.name,
    folderId: r.doc.folderId,
    pageCount: r.doc.pageCount,
    size: r.doc.size,
    sha256: r.doc.blobHash,
    uploadedBy: r.doc.uploadedBy,
    uploadedOn: r.doc.createdAt.toISOString(),
    locked: isLocked(use),
    ePak:
      use.kind === 'epak'
        ? {
            ePakId: use.epakId,
            subject: r.subject ?? '',
            status: use.status,
            progressPercent: r.progressPercent ?? 0,
          }
        : use.kind === 'composing'
          ? { ePakId: null, subject: '', status: 'Composing', progressPercent: 0 }
          : null,
  };
}
