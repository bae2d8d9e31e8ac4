import { Code, InviteUserSchema } from '@signet/contracts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { readCsv } from '../csv/read-csv.ts';
import { csvText } from '../csv/write-csv.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { inviteUser } from './invite-user.ts';

export const CSV_INVITE_HEADERS = ['email', 'firstName', 'middleName', 'lastName', 'role', 'type'] as const;
const MANDATORY = ['email', 'firstName', 'lastName'];
/** Rows one upload may invite (-143 beyond). */
export const CSV_INVITE_MAX_ROWS = 500;

/** `GET /v2/users/csvInvite`: the template an admin fills in (those who may upload it). */
export function csvInviteTemplate(actor: Actor): string {
  authorizeInTenant(actor, 'users.invite');
  return csvText([CSV_INVITE_HEADERS, ['jane.doe@example.com', 'Jane', '', 'Doe', 'signer', 'external']]);
}

/**
 * Invites every row of an uploaded CSV. File-level problems refuse the whole file (-182 empty,
 * -181 mandatory headers missing, -143 too many rows); each row then succeeds or fails alone,
 * and a file with failed rows answers -222 with the per-row results.
 */
export async function csvInvite(
  actor: Actor,
  upload: () => Promise<AsyncIterable<Uint8Array> | null>,
  deps: Deps,
) {
  authorizeInTenant(actor, 'users.invite');
  const source = await upload();
  if (!source) throw new AppError(Code.EMPTY_FILE, 'Upload the CSV file as multipart field "file"');
  // The whole file is read (and its size checked) before anyone is invited.
  let header: string[] | undefined;
  const records: string[][] = [];
  for await (const record of readCsv(source)) {
    if (!header) header = record;
    else if (records.push(record) > CSV_INVITE_MAX_ROWS)
      throw new AppError(Code.CSV_RECORD_LIMIT, `At most ${CSV_INVITE_MAX_ROWS} rows per file`);
  }
  if (!header || records.length === 0) throw new AppError(Code.EMPTY_FILE);
  const columns = header.map((h) => h.trim());
  const missing = MANDATORY.filter((m) => !columns.includes(m));
  if (missing.length > 0)
    throw new AppError(Code.CSV_HEADERS_MISSING, `Missing headers: ${missing.join(', ')}`);
  const results: { row: number; email: string; code: number; message: string }[] = [];
  for (const [i, record] of records.entries()) {
    const raw = Object.fromEntries(columns.map((c, j) => [c, record[j]?.trim() || undefined]));
    const email = String(raw.email ?? '');
    const parsed = InviteUserSchema.safeParse(raw);
    if (!parsed.success) {
      results.push({
        row: i + 2,
        email,
        code: Code.INVALID_INPUT,
        message: parsed.error.issues[0]?.message ?? 'invalid',
      });
      continue;
    }
    try {
      await inviteUser(actor, parsed.data, deps);
      results.push({ row: i + 2, email, code: Code.SUCCESS, message: 'invited' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ row: i + 2, email, code: error.code, message: error.message });
    }
  }
  const failed = results.filter((r) => r.code !== Code.SUCCESS).length;
  const summary = { invited: results.length - failed, failed, rows: results };
  if (failed > 0)
    throw new AppError(Code.PARTIAL_FAILURE, `${failed} of ${results.length} rows failed`, { data: summary });
  return summary;
}
