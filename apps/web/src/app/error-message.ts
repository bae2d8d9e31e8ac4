import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './session/api-client.ts';

/** Codes with a message of their own in the `errors` namespace (spec §8 message keys). */
const KEYED: Readonly<Record<number, string>> = {
  [Code.USER_DISABLED]: 'messages.USER_DISABLED_CONTACT_ADMIN',
  [Code.INVITATION_CANCELLED]: 'messages.RESPONSE_MSG_USER_INVITATION_CANCELLED',
  [Code.INVALID_PASSWORD]: 'errors.invalidPassword',
  [Code.USER_LOCKED]: 'errors.locked',
  [Code.USER_EXPIRED]: 'errors.userExpired',
  [Code.WRONG_OLD_PASSWORD]: 'errors.wrongOldPassword',
  [Code.WRONG_OTP]: 'errors.wrongOtp',
  [Code.INVALID_OTP_ID]: 'errors.invalidOtpId',
  [Code.OTP_RETRY_TIMEOUT]: 'errors.otpRetryTimeout',
  [Code.MAX_OTP_ATTEMPTS]: 'errors.maxOtpAttempts',
  [Code.INVALID_TOKEN]: 'errors.invalidLink',
  [Code.USER_EXISTS]: 'errors.userExists',
  [Code.TENANT_EXISTS]: 'errors.tenantExists',
  [Code.USER_NOT_REGISTERED]: 'errors.notRegistered',
  [Code.MAX_PASSWORD_RESETS]: 'errors.maxPasswordResets',
  [Code.SIGNATURE_UPLOAD_SIZE]: 'messages.maxSizeExceeded',
  [Code.INVALID_INPUT]: 'errors.invalidInput',
};

/** The words to show for a failed call: the code's own message, else the generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    const key = KEYED[error.code];
    if (key) return t(key);
  }
  return t('messages.internalErrorMsg');
}
