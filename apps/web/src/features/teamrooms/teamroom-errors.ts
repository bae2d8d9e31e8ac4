import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/**
 * Words for a refused team-room call. The team-room codes have their keys in the app's table
 * (error-message.ts); codes that mean something narrower here (-82 a locked document, -22 a
 * folder name or the last owner, -3 someone who cannot join, -1 a room in the trash) are read
 * in this screen's context.
 */
export function teamroomErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const data = (error.data ?? {}) as { status?: string; name?: string };
    if (error.code === Code.DOCUMENT_IN_USE) return t('teamrooms.errors.inUse');
    if (error.code === Code.DATA_INTEGRITY)
      return t(data.name ? 'teamrooms.errors.folderTaken' : 'teamrooms.errors.lastOwner');
    if (error.code === Code.USER_NOT_FOUND) return t('teamrooms.errors.cannotJoin');
    if (error.code === Code.GENERIC_ERROR && data.status === 'TRASH') return t('teamrooms.errors.trashed');
  }
  return errorMessage(t, error);
}
