import {
  Code,
  STAMP_CERTIFICATE_MAX_BYTES,
  type StampPaperCsvFailedRow,
  StampPaperCsvRowCode,
} from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/**
 * Words for a refused stamp-paper call. -203 and -209 have their keys in the app's table
 * (error-message.ts); the codes that mean something narrower here are read in this screen's
 * context: -82 a paper in use, -6 with `available` too few papers for a bulk assignment, -1 with
 * `stampPaper` nothing left of the chosen kind at compose, -143 (or 413) a certificate too large.
 */
export function stampErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const data = (error.data ?? {}) as { available?: number; stampPaper?: unknown; inUse?: unknown };
    if (error.code === Code.DOCUMENT_IN_USE) return t('stampPapers.errors.inUse');
    if (error.code === Code.INVALID_INPUT && typeof data.available === 'number')
      return t('stampPapers.errors.notEnough', { available: data.available });
    if (error.code === Code.GENERIC_ERROR && data.stampPaper !== undefined)
      return t('stampPapers.errors.noneLeft');
    if (error.status === 413)
      return t('stampPapers.errors.certificateTooLarge', { mb: STAMP_CERTIFICATE_MAX_BYTES / 1024 / 1024 });
  }
  return errorMessage(t, error);
}

/** Compose refused because no paper of the chosen kind is left for the composer (-1 with `stampPaper`). */
export function isNoStampPaperLeft(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === Code.GENERIC_ERROR &&
    (error.data as { stampPaper?: unknown } | undefined)?.stampPaper !== undefined
  );
}

/** Why one CSV row was not imported, from its row code. */
export function stampRowReason(t: TFunction, row: StampPaperCsvFailedRow): string {
  switch (row.code) {
    case StampPaperCsvRowCode.STAMP_ID_MISSING:
      return t('stampPapers.errors.rows.stampIdMissing');
    case StampPaperCsvRowCode.STATE_CODE_INVALID:
      return t('stampPapers.errors.rows.stateInvalid');
    case StampPaperCsvRowCode.DENOMINATION_INVALID:
      return t('stampPapers.errors.rows.denominationInvalid');
    case StampPaperCsvRowCode.DUPLICATE_IN_FILE:
      return t('stampPapers.errors.rows.duplicateInFile');
    case StampPaperCsvRowCode.STAMP_PAPER_EXISTS:
      return t('stampPapers.errors.rows.exists');
    default:
      return t('stampPapers.errors.rows.other', { code: row.code, message: row.message });
  }
}
