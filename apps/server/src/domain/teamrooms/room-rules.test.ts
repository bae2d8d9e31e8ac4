import { describe, expect, it } from 'vitest';
import { documentUse, isLocked, roomAllows, unlockRefused } from './room-rules.ts';

const facts = (over: Partial<Parameters<typeof documentUse>[0]> = {}) => ({
  composeDocumentId: 'copy',
  copyExists: true,
  copyDeletedAt: null,
  epakId: null,
  status: null,
  ...over,
});

describe('room roles', () => {
  it('lets members work with documents but only owners manage the room', () => {
    expect(roomAllows('member', 'upload')).toBe(true);
    expect(roomAllows('member', 'compose')).toBe(true);
    expect(roomAllows('member', 'manage')).toBe(false);
    expect(roomAllows('owner', 'manage')).toBe(true);
  });
});

describe('a room document in use', () => {
  it('is free when it was never composed', () => {
    const use = documentUse(facts({ composeDocumentId: null }));
    expect(use).toEqual({ kind: 'free' });
    expect(isLocked(use)).toBe(false);
  });

  it('is locked while its copy waits in a composer’s library', () => {
    expect(isLocked(documentUse(facts()))).toBe(true);
  });

  it('is free again when that copy was deleted before compose used it', () => {
    expect(isLocked(documentUse(facts({ copyDeletedAt: new Date() })))).toBe(false);
  });

  it('is free when its copy is gone with a purged ePak', () => {
    expect(isLocked(documentUse(facts({ copyExists: false })))).toBe(false);
  });

  it.each([
    ['Draft', true, false],
    ['InProgress', true, true],
    ['Stopped', true, false],
    ['Completed', false, false],
    ['Rejected', false, false],
    ['Expired', false, false],
    ['Deleted', false, false],
    ['Archived', false, false],
  ])('in a %s ePak is locked: %s, and refuses unlocking: %s', (status, locked, refused) => {
    const use = documentUse(facts({ epakId: 'e', status }));
    expect(isLocked(use)).toBe(locked);
    expect(unlockRefused(use)).toBe(refused);
  });
});
