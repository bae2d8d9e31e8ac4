import { Code } from '@signet/contracts';
import { AppError } from '../app-error.ts';
import { sameDigest, tokenDigest } from '../auth/tokens.ts';

/** A recipient's security code (secureDocument) is stored like a password link: only its digest. */
export function securityCodeHash(code: string | null): string | null {
  return code ? tokenDigest(`epak-code:${code}`) : null;
}

/**
 * -12 unless `code` is the ePak's security code; without a code the answer says one is needed
 * (`securityCodeRequired`), so the client can ask for it.
 */
export function checkSecurityCode(code: string | undefined, hash: string): void {
  if (!code) throw securityCodeRequired();
  if (!sameDigest(tokenDigest(`epak-code:${code}`), hash)) throw new AppError(Code.WRONG_ANSWER);
}

export function securityCodeRequired(): AppError {
  return new AppError(Code.WRONG_ANSWER, 'Enter the security code you were given for this document', {
    data: { securityCodeRequired: true },
  });
}
