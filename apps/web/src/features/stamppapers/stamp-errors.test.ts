import { Code, type StampPaperCsvFailedRow, StampPaperCsvRowCode } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';
import { stampErrorMessage, stampRowReason } from './stamp-errors.ts';
import { rupees } from './stamp-words.ts';

const t = ((key: string) => key) as unknown as TFunction;
const refused = (status: number, code: number, data?: unknown) => new ApiError(status, code, 'refused', data);
const row = (code: number): StampPaperCsvFailedRow => ({
  row: 9,
  stampId: 'MH-1',
  stateCode: 'MH',
  denomination: '99',
  code,
  message: 'why',
});

describe('stamp-paper refusals in words', () => {
  it.each([
    [409, Code.STAMP_PAPER_EXISTS, undefined, 'stampPapers.errors.exists'],
    [400, Code.BULK_STAMP_DATE_ERROR, undefined, 'stampPapers.errors.bulkDate'],
    [409, Code.DOCUMENT_IN_USE, { inUse: ['x'] }, 'stampPapers.errors.inUse'],
    [400, Code.INVALID_INPUT, { available: 3 }, 'stampPapers.errors.notEnough'],
    [409, Code.GENERIC_ERROR, { stampPaper: { stateCode: 'MH' } }, 'stampPapers.errors.noneLeft'],
    [413, Code.GENERIC_ERROR, undefined, 'stampPapers.errors.certificateTooLarge'],
  ])('HTTP %i code %i (data %j) reads %s', (status, code, data, key) => {
    expect(stampErrorMessage(t, refused(status, code, data))).toBe(key);
  });

  it('-203 and -209 read the same wherever the app shows a refusal', () => {
    expect(errorMessage(t, refused(409, Code.STAMP_PAPER_EXISTS))).toBe('stampPapers.errors.exists');
    expect(errorMessage(t, refused(400, Code.BULK_STAMP_DATE_ERROR))).toBe('stampPapers.errors.bulkDate');
  });

  it('a switched-off tenant or anything else reads as the app’s generic message', () => {
    expect(stampErrorMessage(t, refused(409, Code.GENERIC_ERROR, { feature: 'stampPaper' }))).toBe(
      'messages.internalErrorMsg',
    );
  });

  it.each([
    [StampPaperCsvRowCode.STAMP_ID_MISSING, 'stampPapers.errors.rows.stampIdMissing'],
    [StampPaperCsvRowCode.STATE_CODE_INVALID, 'stampPapers.errors.rows.stateInvalid'],
    [StampPaperCsvRowCode.DENOMINATION_INVALID, 'stampPapers.errors.rows.denominationInvalid'],
    [StampPaperCsvRowCode.DUPLICATE_IN_FILE, 'stampPapers.errors.rows.duplicateInFile'],
    [StampPaperCsvRowCode.STAMP_PAPER_EXISTS, 'stampPapers.errors.rows.exists'],
    [-999, 'stampPapers.errors.rows.other'],
  ])('a CSV row with code %i reads %s', (code, key) => {
    expect(stampRowReason(t, row(code))).toBe(key);
  });

  it('denominations read as Indian rupees with Indian digit grouping', () => {
    expect([10, 1000, 25000].map(rupees)).toEqual(['₹10', '₹1,000', '₹25,000']);
  });
});
