import { Code } from '@signet/contracts/errors';
import { PdfError } from './errors.ts';
import { limits } from './limits.ts';

const mb = (n: number) => Math.round(n / 1024 / 1024);

/** A refusal because a document unpacks to more than its limits allow (never a damaged file). */
export class DecodedLimitError extends PdfError {
  constructor(message: string) {
    super(Code.INVALID_DOCUMENT, message);
  }
}

/**
 * The decoded bytes one document may cost: every stream inflated for it is charged here, and an
 * inflate is never allowed to produce more than what is left, so a bomb stops mid-inflate instead
 * of being unpacked and then measured.
 */
export class DecodedBudget {
  private spent = 0;

  readonly limit: number;
  readonly perStream: number;

  constructor(limit: number = limits.maxDecodedPerDocument, perStream: number = limits.maxDecodedStream) {
    this.limit = limit;
    this.perStream = perStream;
  }

  get used(): number {
    return this.spent;
  }

  /** The most the next stream may inflate to; exceeding it means `refusal(allowance)`. */
  allowance(): number {
    return Math.max(0, Math.min(this.perStream, this.limit - this.spent));
  }

  charge(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.limit) throw this.documentRefusal();
  }

  /** The refusal for a stream that wanted more than `allowance` bytes. */
  refusal(allowance: number): DecodedLimitError {
    return allowance >= this.perStream
      ? new DecodedLimitError(
          `A compressed stream of this PDF unpacks to more than ${mb(this.perStream)} MB, the limit for one stream; the file is refused.`,
        )
      : this.documentRefusal();
  }

  private documentRefusal(): DecodedLimitError {
    return new DecodedLimitError(
      `This PDF unpacks to more than ${mb(this.limit)} MB of page content and structure, the limit for one document; the file is refused.`,
    );
  }
}
