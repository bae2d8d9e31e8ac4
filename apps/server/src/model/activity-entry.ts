// An activity entry as the chain (domain/activity/chain.ts) hashes it and as the repository
// (db/repositories/activity.ts) stores it. model/ sits below both db and domain.

/** One activity entry as it is hashed. `details` must be JSON (it is stored as jsonb). */
export interface ActivityEntry {
  tenantId: string;
  seq: number;
  epakId: string | null;
  actorUserId: string | null;
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: Date;
  prevHash: string;
}

export interface StoredActivityEntry extends ActivityEntry {
  hash: string;
}

/** The tenant's last entry as its chain head records it. */
export interface ActivityHead {
  lastSeq: number;
  lastHash: string;
}
