import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/session/api-client.ts';
import { teamroomErrorMessage } from './teamroom-errors.ts';

const t = ((key: string) => key) as unknown as TFunction;
const refused = (code: number, data?: unknown) => new ApiError(409, code, 'refused', data);

describe('team-room refusals in words', () => {
  it.each([
    [Code.COMPOSE_DOCUMENT_USED, undefined, 'teamrooms.errors.documentUsed'],
    [Code.TEAMROOM_UNLOCK_IN_PROGRESS, undefined, 'teamrooms.errors.unlockInProgress'],
    [Code.TEAMROOM_NAME_EXISTS, undefined, 'teamrooms.errors.nameTaken'],
    [Code.TEAMROOM_MISSING, undefined, 'teamrooms.errors.missing'],
    [Code.DOCUMENT_IN_USE, undefined, 'teamrooms.errors.inUse'],
    [Code.DATA_INTEGRITY, { name: 'Signed' }, 'teamrooms.errors.folderTaken'],
    [Code.DATA_INTEGRITY, undefined, 'teamrooms.errors.lastOwner'],
    [Code.USER_NOT_FOUND, { userId: 'x' }, 'teamrooms.errors.cannotJoin'],
    [Code.GENERIC_ERROR, { status: 'TRASH' }, 'teamrooms.errors.trashed'],
  ])('code %i (data %j) reads %s', (code, data, key) => {
    expect(teamroomErrorMessage(t, refused(code, data))).toBe(key);
  });

  it('anything else reads as the app’s generic message', () => {
    expect(teamroomErrorMessage(t, refused(Code.GENERIC_ERROR))).toBe('messages.internalErrorMsg');
  });
});
