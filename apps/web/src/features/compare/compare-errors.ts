import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/** A refused comparison in the reader's words: the spec's codes of POST /v1/document/compare. */
export function compareErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t('compare.errors.tooLarge');
    if (error.status === 409 && (error.data as { feature?: string } | undefined)?.feature === 'compare')
      return t('compare.errors.off');
    switch (error.code) {
      case Code.NO_NEW_DOCUMENT_ATTACHED:
        return t('compare.errors.noFiles');
      case Code.INVALID_DOCUMENT:
        return /password/i.test(error.message) ? t('compare.errors.password') : t('compare.errors.notPdf');
      case Code.PAGE_LIMIT_EXCEEDED:
        return t('compare.errors.tooManyPages');
      case Code.DOCUMENT_MISSING:
      case Code.GENERIC_ERROR:
        return t('compare.errors.missing');
      case Code.INVALID_INPUT:
        return t('compare.errors.revision');
      case Code.TRANSACTION_TIMEOUT:
        return t('compare.errors.timeout');
    }
  }
  return errorMessage(t, error);
}
