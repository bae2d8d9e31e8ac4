import { Code, CsvRowCode } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/**
 * A failed row's code as words. The spec's row codes -1 … -5 (email, first name, last name, phone,
 * country code) reuse numbers that mean other things as response codes, so they are read here,
 * with the server's words naming the role.
 */
export function rowReason(t: TFunction, failure: { code: number; message: string }): string {
  const rowKeys: Record<number, string> = {
    [CsvRowCode.EMAIL]: 'email',
    [CsvRowCode.FIRST_NAME]: 'firstName',
    [CsvRowCode.LAST_NAME]: 'lastName',
    [CsvRowCode.PHONE]: 'phone',
    [CsvRowCode.COUNTRY_CODE]: 'countryCode',
    [Code.CSV_MIN_SIGNERS]: 'minSigners',
    [Code.CSV_HEADER_COUNT_MISMATCH]: 'cellCount',
    [Code.CSV_VALIDATION]: 'invalid',
  };
  const key = rowKeys[failure.code];
  const words = key
    ? t(`bulkcompose.rowCodes.${key}`)
    : errorMessage(t, new ApiError(400, failure.code, failure.message));
  // The code is the server's, not the reader's: the words and the server's message say it.
  return failure.message ? `${words} ${failure.message}` : words;
}

/** A refused upload in words: the file-level codes of bulk compose first, then the app's. */
export function uploadFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === Code.EMPTY_FILE) return t('bulkcompose.errors.emptyFile');
    if (error.code === Code.CSV_RECORD_LIMIT) return t('bulkcompose.errors.tooManyRows');
    const detail = error.message ? ` ${error.message}` : '';
    if (
      error.code === Code.CSV_SIGNER_COUNT_MISMATCH ||
      error.code === Code.CSV_HEADER_COUNT_MISMATCH ||
      error.code === Code.CSV_VALIDATION
    )
      return `${errorMessage(t, error)}${detail}`;
  }
  return errorMessage(t, error);
}
