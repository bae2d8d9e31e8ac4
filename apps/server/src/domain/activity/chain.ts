import { createHash } from 'node:crypto';
import type { ActivityEntry, ActivityHead, StoredActivityEntry } from '../../model/activity-entry.ts';

export type { ActivityEntry, StoredActivityEntry } from '../../model/activity-entry.ts';

/** The chain starts from this hash, so the first entry's prev_hash is well defined. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: jsonb does not keep key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value instanceof Date ? value.toISOString() : value);
}

export function entryHash(entry: ActivityEntry): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        tenantId: entry.tenantId,
        seq: entry.seq,
        epakId: entry.epakId,
        actorUserId: entry.actorUserId,
        action: entry.action,
        details: entry.details,
        ip: entry.ip,
        createdAt: entry.createdAt.toISOString(),
        prevHash: entry.prevHash,
      }),
    )
    .digest('hex');
}

export interface ChainVerdict {
  valid: boolean;
  entries: number;
  headHash: string | null;
  brokenAt: number | null;
  reason: string | null;
}

/**
 * Checks a tenant's whole chain, in sequence order, against the recorded head. An edited entry
 * fails its own hash; a deleted entry leaves a gap in `seq` and a `prev_hash` that no longer
 * matches; a deleted tail no longer reaches the head.
 */
export function verifyChain(
  entries: readonly StoredActivityEntry[],
  head: ActivityHead | null,
): ChainVerdict {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  const broken = (seq: number, reason: string): ChainVerdict => ({
    valid: false,
    entries: entries.length,
    headHash: head?.lastHash ?? null,
    brokenAt: seq,
    reason,
  });
  for (const entry of entries) {
    if (entry.seq !== expectedSeq) return broken(expectedSeq, `entry ${expectedSeq} is missing`);
    if (entry.prevHash !== prevHash)
      return broken(entry.seq, `entry ${entry.seq} does not follow the previous entry`);
    if (entryHash(entry) !== entry.hash)
      return broken(entry.seq, `entry ${entry.seq} was changed after it was written`);
    prevHash = entry.hash;
    expectedSeq += 1;
  }
  const lastSeq = expectedSeq - 1;
  if ((head?.lastSeq ?? 0) !== lastSeq || (head ? head.lastHash : GENESIS_HASH) !== prevHash) {
    return broken(lastSeq + 1, 'entries after the last one were removed');
  }
  return {
    valid: true,
    entries: entries.length,
    headHash: head?.lastHash ?? null,
    brokenAt: null,
    reason: null,
  };
}
