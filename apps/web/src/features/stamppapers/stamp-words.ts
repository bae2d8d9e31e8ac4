import { INDIA_STATE_CODES, STAMP_DENOMINATIONS, type StampPaperStatus } from '@signet/contracts';
import type { TFunction } from 'i18next';

/** A denomination in rupees as Indians write it (₹1,000; ₹25,000). */
export function rupees(value: number): string {
  return `₹${value.toLocaleString('en-IN')}`;
}

/** A state's name in the interface language, with its code (the code alone when unknown). */
export function stateLabel(t: TFunction, code: string): string {
  const known = (INDIA_STATE_CODES as readonly string[]).includes(code);
  return known ? `${t(`stampPapers.states.${code}`)} (${code})` : code;
}

/** Spec §4: AVAILABLE is shown Unused, CONSUMED Used, EPAK Pending, DRAFT Draft. */
export function statusLabel(t: TFunction, status: StampPaperStatus): string {
  return t(`stampPapers.statuses.${status}`);
}

export const stateOptions = (t: TFunction) =>
  INDIA_STATE_CODES.map((code) => ({ value: code, label: stateLabel(t, code) }));

export const denominationOptions = () =>
  STAMP_DENOMINATIONS.map((d) => ({ value: String(d), label: rupees(d) }));
