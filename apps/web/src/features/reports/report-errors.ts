import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/** The report codes of spec §8 (-29…-31, -143, -148, -149) in the reports screen's words. */
const REPORT_CODES: Readonly<Record<number, string>> = {
  [Code.REPORT_TEMPLATE_ERROR]: 'reports.errors.notAvailable',
  [Code.REPORT_TEMPLATE_MISSING]: 'reports.errors.missing',
  [Code.INVALID_REPORT]: 'reports.errors.invalid',
  [Code.CSV_RECORD_LIMIT]: 'reports.errors.tooManyRows',
  [Code.QUARTERLY_RETENTION_LIST]: 'reports.errors.pastQuarter',
  [Code.RETENTION_REPORT_NEEDS_ADMIN]: 'reports.errors.needsAdmin',
  [Code.NOT_AUTHORIZED]: 'reports.errors.notAllowed',
};

export function reportErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && REPORT_CODES[error.code]) return t(REPORT_CODES[error.code] as string);
  return errorMessage(t, error);
}
