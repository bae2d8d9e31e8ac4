import type { CreateEpak } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findAccountsForRecipients } from '../../db/repositories/accounts.ts';
import { findMembersByEmails } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { type BatchContext, type Built, buildRow, YIELD_EVERY } from './build-row.ts';
import { type ComposedRow, checkRow } from './layout.ts';
import { type RunPlan, rowInput } from './run-plan.ts';
import { writeBatch } from './write-batch.ts';

/**
 * Bulk compose's fast path: a batch of rows becomes its ePaks in one transaction with each table
 * written in one statement (ePaks, steps, recipients, documents, tags, mails, notifications, the
 * activity chain taken once) — what `createEpakIn` + filling + `startEpak` write for one row, built
 * from the same pieces (templates, steps, recipient rules, tag placement, the workflow machine,
 * the mail). A row those pieces refuse fails alone with their code; a row whose start would do
 * more than ask its first step to act is left to the one-row path (`alone`).
 */

/** What one row became. */
export type BatchOutcome =
  | { rowNumber: number; state: 'sent'; epakId: string }
  | { rowNumber: number; state: 'failed'; code: number; message: string }
  | { rowNumber: number; state: 'alone' };

/**
 * Sends a batch of locked, pending rows in the caller's transaction and answers each row's
 * outcome (the caller marks them in the same transaction). A refusal fails its row only; a
 * database error throws, rolling the whole batch back (the caller then sends its rows one by one).
 */
export async function composeBatch(
  tx: Executor,
  plan: RunPlan,
  rows: readonly { rowNumber: number; cells: readonly string[] }[],
  deps: Deps,
): Promise<BatchOutcome[]> {
  const now = deps.clock.now();
  const tenantId = plan.actor.tenantId;
  const outcomes: BatchOutcome[] = [];
  const checked: { rowNumber: number; row: ComposedRow; input: CreateEpak }[] = [];
  for (const r of rows) {
    const check = checkRow(plan.layout, plan.header, r.cells);
    if (!check.ok) {
      outcomes.push({ rowNumber: r.rowNumber, state: 'failed', code: check.code, message: check.message });
      continue;
    }
    try {
      checked.push({ rowNumber: r.rowNumber, row: check.row, input: rowInput(plan.run, check.row) });
    } catch (error) {
      outcomes.push(refusal(r.rowNumber, error));
    }
  }
  const emails = [...new Set(checked.flatMap((c) => c.row.roleRecipients.map((p) => p.email.toLowerCase())))];
  const members = new Map((await findMembersByEmails(tx, emails)).map((m) => [m.user.email, m]));
  const ctx: BatchContext = {
    plan,
    now,
    settings: readTenantSettings((await findTenant(tx, tenantId))?.settings),
    members,
    accounts: await findAccountsForRecipients(
      tx,
      emails.filter((e) => !members.has(e)),
    ),
    joined: new Map(),
    deps,
  };
  const built: Built[] = [];
  for (const [i, c] of checked.entries()) {
    // A batch is built in tens of milliseconds of JavaScript: requests to this process (the
    // inbox lists of everyone else) get their turn every few rows instead of waiting for it.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    try {
      const result = await buildRow(tx, ctx, c.rowNumber, c.row, c.input);
      if (result === 'alone') {
        outcomes.push({ rowNumber: c.rowNumber, state: 'alone' });
        continue;
      }
      for (const [email, person] of result.joining) ctx.joined.set(email, person);
      built.push(result);
      outcomes.push({ rowNumber: c.rowNumber, state: 'sent', epakId: result.epak.id as string });
    } catch (error) {
      outcomes.push(refusal(c.rowNumber, error));
    }
  }
  await writeBatch(tx, ctx, built);
  return outcomes;
}

function refusal(rowNumber: number, error: unknown): BatchOutcome {
  if (!(error instanceof AppError)) throw error;
  return { rowNumber, state: 'failed', code: error.code, message: error.message };
}
