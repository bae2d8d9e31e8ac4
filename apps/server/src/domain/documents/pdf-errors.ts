import { type Code, isKnownCode } from '@signet/contracts';
import { AppError } from '../app-error.ts';

/**
 * The PDF engine refuses with its own error carrying a spec code and a plain message; the
 * domain turns it into the AppError the HTTP mapper knows. A busy sandbox pool (a refusal that
 * carries `retryAfterSeconds`) answers 503 with Retry-After: the request was fine, the server
 * will take it later.
 */
export async function withPdfErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (
      error instanceof Error &&
      error.name === 'PdfError' &&
      'code' in error &&
      typeof error.code === 'number'
    ) {
      const code = (isKnownCode(error.code) ? error.code : -59) as Code;
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
        throw new AppError(code, error.message, {
          httpStatus: 503,
          retryAfterSeconds: error.retryAfterSeconds,
        });
      }
      throw new AppError(code, error.message);
    }
    throw error;
  }
}
