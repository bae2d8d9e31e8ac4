import { type Code, codeInfo } from '@signet/contracts';

/**
 * The one error type of the server: a spec §8 code, a plain message and optional data (for
 * example -73 carries `expired` or `resetpassword`). The HTTP mapper turns it into a response.
 */
export class AppError extends Error {
  readonly code: Code;
  readonly data: unknown;
  /** Overrides the catalogue's HTTP status where one code serves several situations. */
  readonly httpStatus: number | undefined;
  /** A refusal worth retrying later (the server is busy): sent as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: Code,
    message?: string,
    options: { data?: unknown; httpStatus?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message ?? codeInfo(code).meaning);
    this.name = 'AppError';
    this.code = code;
    this.data = options.data;
    this.httpStatus = options.httpStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
