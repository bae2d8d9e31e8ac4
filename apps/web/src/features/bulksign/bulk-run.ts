import { type BulkSignItem, Code } from '@signet/contracts';

/**
 * The state of one bulk-sign run, pure: each selected ePak waits, is being signed (its batch is
 * on its way), is signed, or was skipped with the server's code and reason.
 */
export type RowState = 'waiting' | 'signing' | 'signed' | 'skipped';

export interface BulkRow {
  id: string;
  subject: string;
  state: RowState;
  code: number | null;
  reason: string | null;
  missing: string[];
}

export interface BulkRun {
  rows: BulkRow[];
}

export interface BulkCounts {
  total: number;
  signed: number;
  skipped: number;
  /** Signed or skipped. */
  done: number;
}

export function startRun(epaks: readonly { id: string; subject: string }[]): BulkRun {
  return {
    rows: epaks.map((e) => ({
      id: e.id,
      subject: e.subject,
      state: 'waiting',
      code: null,
      reason: null,
      missing: [],
    })),
  };
}

/** The ePaks to send, in order, `size` at a time. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function update(run: BulkRun, ids: readonly string[], change: (row: BulkRow) => BulkRow): BulkRun {
  const wanted = new Set(ids);
  return { rows: run.rows.map((r) => (wanted.has(r.id) ? change(r) : r)) };
}

export function markSigning(run: BulkRun, ids: readonly string[]): BulkRun {
  return update(run, ids, (r) => ({ ...r, state: 'signing', code: null, reason: null, missing: [] }));
}

/** The server's answer for one batch. */
export function applyOutcomes(run: BulkRun, items: readonly BulkSignItem[]): BulkRun {
  const byId = new Map(items.map((i) => [i.ePakId, i]));
  return {
    rows: run.rows.map((r) => {
      const item = byId.get(r.id);
      if (!item) return r;
      return item.status === 'SIGNED'
        ? { ...r, state: 'signed', code: null, reason: null, missing: [] }
        : { ...r, state: 'skipped', code: item.code, reason: item.reason, missing: item.missing ?? [] };
    }),
  };
}

/** A batch that never reached the server (the network, a refusal of the whole call): back to waiting. */
export function markWaiting(run: BulkRun, ids: readonly string[]): BulkRun {
  return update(run, ids, (r) => ({ ...r, state: 'waiting' }));
}

export function counts(run: BulkRun): BulkCounts {
  let signed = 0;
  let skipped = 0;
  for (const r of run.rows) {
    if (r.state === 'signed') signed++;
    else if (r.state === 'skipped') skipped++;
  }
  return { total: run.rows.length, signed, skipped, done: signed + skipped };
}

/** What is left to send: waiting ePaks, and those skipped only because of the PIN (sent again with a new one). */
export function remaining(run: BulkRun): string[] {
  return run.rows
    .filter(
      (r) => r.state === 'waiting' || (r.state === 'skipped' && r.code === Code.INVALID_CERTIFICATE_PIN),
    )
    .map((r) => r.id);
}

/**
 * The refusal about the signer's key in a batch's answer, if any — the PIN was wrong, or the key
 * is locked: the run asks for the PIN again, or stops.
 */
export function keyRefusal(items: readonly BulkSignItem[]): 'wrongPin' | 'locked' | null {
  if (items.some((i) => i.code === Code.USER_LOCKED)) return 'locked';
  if (items.some((i) => i.code === Code.INVALID_CERTIFICATE_PIN)) return 'wrongPin';
  return null;
}
