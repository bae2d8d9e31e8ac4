import { Code } from '@signet/contracts/errors';

/**
 * A refusal with a spec code (§8) and a message a person understands. Every failure the engine
 * expects (bad input, impossible update, unusable key) is a `PdfError`; anything else is a bug.
 */
export class PdfError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
    this.name = 'PdfError';
  }
}

export function invalidDocument(message: string): PdfError {
  return new PdfError(Code.INVALID_DOCUMENT, message);
}
