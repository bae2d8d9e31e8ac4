import { Code, ProviderCode } from '@signet/contracts';
import { AppError } from '../../app-error.ts';
import { RemoteSigningError, type RemoteSigningFailure } from './remote-signing-provider.ts';

/**
 * A provider's refusal as the spec's codes: the response code the client already handles (-77
 * wrong PIN, -14 locked — as for INTERNAL certificates —, -138 wrong OTP, -9 no certificate,
 * -179 timeout, -215 the signature could not be made) and, in `data.providerCode`, the card and
 * signature provider code of spec §8 (402 PIN blocked, 422 no certificate, 911 timeout, …).
 */
const MAPPING: Record<RemoteSigningFailure, { code: Code; providerCode: ProviderCode; httpStatus?: number }> =
  {
    wrongPin: { code: Code.INVALID_CERTIFICATE_PIN, providerCode: ProviderCode.WRONG_PARAMETER },
    wrongOtp: { code: Code.WRONG_OTP, providerCode: ProviderCode.WRONG_PARAMETER },
    pinBlocked: { code: Code.USER_LOCKED, providerCode: ProviderCode.PIN_BLOCKED },
    cardBlocked: { code: Code.USER_LOCKED, providerCode: ProviderCode.CARD_BLOCKED },
    // The provider still works on an earlier request of the signer: try again shortly.
    inProcess: { code: Code.DSC_ERROR, providerCode: ProviderCode.IN_PROCESS, httpStatus: 409 },
    noCredential: { code: Code.NO_CERTIFICATE, providerCode: ProviderCode.NO_CERTIFICATE },
    credentialUnusable: { code: Code.NO_CERTIFICATE, providerCode: ProviderCode.REVOKED },
    // The provider refused what Signet sent or who Signet is: nothing the signer can fix.
    invalidRequest: { code: Code.DSC_ERROR, providerCode: ProviderCode.WRONG_PARAMETER, httpStatus: 502 },
    unauthorized: { code: Code.DSC_ERROR, providerCode: ProviderCode.UNAUTHORIZED, httpStatus: 502 },
    timeout: { code: Code.TRANSACTION_TIMEOUT, providerCode: ProviderCode.CONNECTION_TIMEOUT },
    unavailable: { code: Code.DSC_ERROR, providerCode: ProviderCode.INTERNAL_ERROR, httpStatus: 502 },
  };

export function providerRefusal(
  providerId: string,
  failure: RemoteSigningFailure,
  message: string,
  providerError: string | null = null,
): AppError {
  const m = MAPPING[failure];
  return new AppError(m.code, message, {
    data: { provider: providerId, providerCode: m.providerCode, providerError },
    ...(m.httpStatus ? { httpStatus: m.httpStatus } : {}),
  });
}

/** Runs provider calls, turning their failures into AppErrors. */
export async function withProviderErrors<T>(providerId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RemoteSigningError)
      throw providerRefusal(providerId, error.failure, error.message, error.providerError);
    throw error;
  }
}
