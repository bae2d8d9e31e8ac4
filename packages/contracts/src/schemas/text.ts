import { z } from 'zod';

// U+0000 and unpaired surrogates (`\p{Cs}` under the `u` flag matches only a lone half) cannot
// be stored by PostgreSQL (text or jsonb) nor encoded as UTF-8: refused here, they never reach a
// query and never answer 500 (issue 17).
const UNSAFE_TEXT = /[\0\p{Cs}]/u;

/** Whether a string can be stored and shown as it is: no U+0000, no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** The string schema of every payload: refuses U+0000 and lone surrogates (-6, like any schema failure). */
export function text() {
  return z.string().refine(isSafeText, { message: 'must not contain U+0000 or an unpaired surrogate' });
}
