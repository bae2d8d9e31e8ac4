import { PdfError } from '../../core/errors.ts';

/** Prints a refusal the way every command does: code and plain message, JSON when asked. */
export function reportFailure(e: unknown, json: boolean): number {
  const code = e instanceof PdfError ? e.code : -2;
  const message =
    e instanceof PdfError ? e.message : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, code, message })}\n`);
  else process.stderr.write(`refused (code ${code}): ${message}\n`);
  return 1;
}

export function splitFlags(args: readonly string[]): { positional: string[]; json: boolean } {
  return { positional: args.filter((a) => !a.startsWith('--')), json: args.includes('--json') };
}
