import type { Executor } from '../../db/database.ts';
import { lockActivityHead, writeActivities, writeActivity } from '../../db/repositories/activity.ts';
import { entryHash, GENESIS_HASH, type StoredActivityEntry } from './chain.ts';

export interface NewActivity {
  tenantId: string;
  epakId?: string | null;
  actorUserId: string | null;
  action: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends one entry to the tenant's chain, inside the caller's transaction (so it is logged
 * exactly when the change it records commits). The hash is computed here from the head row the
 * repository has locked for the rest of that transaction: concurrent appends in one tenant take
 * turns and each links to the entry before it.
 */
export async function appendActivity(
  tx: Executor,
  entry: NewActivity,
  at: Date,
): Promise<StoredActivityEntry> {
  const head = await lockActivityHead(tx, entry.tenantId, GENESIS_HASH);
  const unhashed = {
    tenantId: entry.tenantId,
    seq: head.lastSeq + 1,
    epakId: entry.epakId ?? null,
    actorUserId: entry.actorUserId,
    action: entry.action,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    createdAt: at,
    prevHash: head.lastHash,
  };
  const stored: StoredActivityEntry = { ...unhashed, hash: entryHash(unhashed) };
  await writeActivity(tx, stored);
  return stored;
}

/**
 * Appends several entries of one tenant in order, taking the chain head once (bulk compose
 * writes a batch of ePaks' entries this way): the same chain as as many `appendActivity` calls.
 */
export async function appendActivities(
  tx: Executor,
  tenantId: string,
  entries: readonly Omit<NewActivity, 'tenantId'>[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const head = await lockActivityHead(tx, tenantId, GENESIS_HASH);
  let { lastSeq: seq, lastHash: prevHash } = head;
  const stored: StoredActivityEntry[] = [];
  for (const entry of entries) {
    seq += 1;
    const unhashed = {
      tenantId,
      seq,
      epakId: entry.epakId ?? null,
      actorUserId: entry.actorUserId,
      action: entry.action,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
      createdAt: at,
      prevHash,
    };
    const hash = entryHash(unhashed);
    stored.push({ ...unhashed, hash });
    prevHash = hash;
  }
  await writeActivities(tx, stored);
}
