import { type Code, isKnownCode } from '@signet/contracts';
import { AppError } from '../app-error.ts';

/**
 * The PDF engine refuses with its own error carrying a spec code and a plain message; the
 * domain turns it into the AppError the HTTP mapper knows.
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
      throw new AppError((isKnownCode(error.code) ? error.code : -59) as Code, error.message);
    }
    throw error;
  }
}
