import type { TeamRoomRole } from '@signet/contracts';

/**
 * What a room role may do inside a room (the tenant role is checked first, by `policy.ts`):
 * members work with the documents, owners also run the room and its membership.
 */
export const ROOM_ACTIONS = {
  read: ['owner', 'member'],
  upload: ['owner', 'member'],
  organise: ['owner', 'member'],
  compose: ['owner', 'member'],
  unlock: ['owner', 'member'],
  clone: ['owner', 'member'],
  manage: ['owner'],
} as const satisfies Record<string, readonly TeamRoomRole[]>;
export type RoomAction = keyof typeof ROOM_ACTIONS;

export function roomAllows(role: TeamRoomRole, action: RoomAction): boolean {
  return (ROOM_ACTIONS[action] as readonly TeamRoomRole[]).includes(role);
}

/** ePak statuses that hold a room document: another compose would send it twice. */
const HOLDING_STATUSES: readonly string[] = ['Draft', 'InProgress', 'Stopped'];

/** What became of a room document's compose copy, as the repository reads it. */
export interface DocumentUseFacts {
  composeDocumentId: string | null;
  /** False once the copy's row is gone (its ePak was purged by retention). */
  copyExists: boolean;
  copyDeletedAt: Date | null;
  epakId: string | null;
  status: string | null;
}

export type DocumentUse =
  | { kind: 'free' }
  /** Copied into a composer's library, not yet part of an ePak. */
  | { kind: 'composing' }
  | { kind: 'epak'; epakId: string; status: string };

export function documentUse(f: DocumentUseFacts): DocumentUse {
  if (!f.composeDocumentId) return { kind: 'free' };
  if (f.epakId && f.status) return { kind: 'epak', epakId: f.epakId, status: f.status };
  // A copy removed from the library before compose used it claims nothing.
  if (f.copyDeletedAt || !f.copyExists) return { kind: 'free' };
  return { kind: 'composing' };
}

/**
 * Locked: being composed, or in an ePak that is a draft, in progress or stopped. A locked
 * document cannot start another ePak (-169) or be deleted (-82).
 */
export function isLocked(use: DocumentUse): boolean {
  return use.kind === 'composing' || (use.kind === 'epak' && HOLDING_STATUSES.includes(use.status));
}

/** Unlocking (letting the document go from its ePak) is refused only while that ePak is in progress (-170). */
export function unlockRefused(use: DocumentUse): boolean {
  return use.kind === 'epak' && use.status === 'InProgress';
}
