import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  findReason,
  insertReason,
  listReasons,
  type ReasonRow,
  updateReason,
} from '../../db/repositories/reasons.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/** The reasons every tenant starts with; id 1 is the default (spec §9). */
export const DEFAULT_REASONS: readonly { text: string; kind: string }[] = [
  { text: 'I agree to the terms of this document', kind: 'sign' },
  { text: 'The document contains errors', kind: 'reject' },
  { text: 'I am not the right person to sign', kind: 'reject' },
  { text: 'The terms are not acceptable', kind: 'reject' },
  { text: 'I am away; a colleague will act for me', kind: 'delegate' },
];

export interface Reason {
  reasonId: number;
  reason: string;
  kind: string;
  enabled: boolean;
}

const present = (r: ReasonRow): Reason => ({
  reasonId: r.id,
  reason: r.text,
  kind: r.kind,
  enabled: r.enabled,
});

/** The tenant's reasons, created with the defaults on first use. */
export async function reasonsOf(tx: Executor, tenantId: string): Promise<ReasonRow[]> {
  const rows = await listReasons(tx);
  if (rows.length > 0) return rows;
  for (const r of DEFAULT_REASONS) await insertReason(tx, tenantId, r.text, r.kind);
  return listReasons(tx);
}

/** The text of a chosen reason, or free text when allowed; -49 when none is chosen. */
export async function resolveReason(
  tx: Executor,
  tenantId: string,
  reasonId: number | undefined,
  text: string | undefined,
): Promise<string> {
  if (reasonId !== undefined) {
    await reasonsOf(tx, tenantId);
    const row = await findReason(tx, reasonId);
    if (!row?.enabled) throw new AppError(Code.REASON_NOT_SELECTED, 'Choose a reason from the list');
    return text?.trim() ? `${row.text}: ${text.trim()}` : row.text;
  }
  if (!text?.trim()) throw new AppError(Code.REASON_NOT_SELECTED);
  return text.trim();
}

/** `GET /v1/reasons`. */
export async function getReasons(actor: Actor, deps: Deps): Promise<Reason[]> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => (await reasonsOf(tx, actor.tenantId)).map(present));
}

/** `POST /v1/reasons`: an admin adds a reason. */
export async function addReason(
  actor: Actor,
  input: { reason: string; kind: string },
  deps: Deps,
): Promise<Reason> {
  authorizeInTenant(actor, 'reasons.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await reasonsOf(tx, actor.tenantId);
    return present(await insertReason(tx, actor.tenantId, input.reason, input.kind));
  });
}

/** `PUT /v1/reasons`: an admin rewords or disables a reason (reasons are never deleted: history names them). */
export async function editReason(
  actor: Actor,
  input: { reasonId: number; reason?: string | undefined; enabled?: boolean | undefined },
  deps: Deps,
): Promise<Reason> {
  authorizeInTenant(actor, 'reasons.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await reasonsOf(tx, actor.tenantId);
    const row = await findReason(tx, input.reasonId);
    if (!row) throw new AppError(Code.REASON_NOT_SELECTED, 'No such reason');
    const change: { text?: string; enabled?: boolean } = {};
    if (input.reason !== undefined) change.text = input.reason;
    if (input.enabled !== undefined) change.enabled = input.enabled;
    await updateReason(tx, input.reasonId, change);
    return present({ ...row, ...change });
  });
}
