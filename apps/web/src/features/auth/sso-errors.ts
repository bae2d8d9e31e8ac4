import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ApiError } from '../../app/session/api-client.ts';

/** Single sign-on refusals in words; other failures read as everywhere else. */
export function ssoErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const reason = (error.data as { reason?: string } | null)?.reason;
    if (reason === 'providerUnavailable') return t('sso.errors.providerUnavailable');
    if (reason === 'providerRefused') return t('sso.errors.providerRefused');
    if (reason === 'addressNotAllowed') return t('sso.errors.addressNotAllowed');
    if (error.code === Code.INVALID_TOKEN) return t('sso.errors.invalidState');
    if (error.code === Code.USER_NOT_REGISTERED) return t('sso.errors.notVerified');
    if (error.code === Code.USER_NOT_FOUND) return t('sso.errors.notMember');
    if (error.code === Code.GENERIC_ERROR) return t('sso.errors.notSetUp');
  }
  return errorMessage(t, error);
}
