import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/** What a refused OneDrive file tells the user: the OneDrive reasons in words of their own, else the upload's. */
export function oneDriveErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const data = (error.data ?? {}) as { retryAfterSeconds?: number };
    if (error.code === Code.INVALID_TOKEN) return t('onedrive.errors.expired');
    if (error.code === Code.TRANSACTION_TIMEOUT)
      return t('onedrive.errors.throttled', { seconds: data.retryAfterSeconds ?? 60 });
    if (error.status === 413) return t('onedrive.errors.tooLarge');
    if (error.code === Code.DOCUMENT_MISSING) return t('onedrive.errors.missing');
    if (error.code === Code.EXTENSION_NOT_ENABLED && /OneDrive/.test(error.message))
      return t('onedrive.errors.notSetUp');
    if (error.status === 502) return t('onedrive.errors.unreachable');
  }
  return errorMessage(t, error);
}
