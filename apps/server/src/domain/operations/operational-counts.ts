import type { PoolStats } from '../../db/database.ts';
import {
  jobQueueCounts,
  mailOutboxDepth,
  type QueueCounts,
  sealsOwed,
} from '../../db/repositories/operations.ts';
import type { Deps } from '../deps.ts';

/** The installation's backlog as the metrics show it; a part the database could not give is null. */
export interface OperationalCounts {
  queues: Map<string, QueueCounts> | null;
  sealsOwed: number | null;
  mailOutbox: number | null;
  /** Null on PGlite (one connection, no pool). */
  pool: PoolStats | null;
}

async function orNull<T>(work: Promise<T>, what: string, deps: Deps): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    deps.log.warn({ err: error, metric: what }, 'metric not collected');
    return null;
  }
}

/** Reads the counts in parallel (three small queries on the owner connection). */
export async function operationalCounts(deps: Deps): Promise<OperationalCounts> {
  const [queues, seals, mail] = await Promise.all([
    orNull(jobQueueCounts(deps.db), 'job queues', deps),
    orNull(sealsOwed(deps.db), 'seals owed', deps),
    orNull(mailOutboxDepth(deps.db), 'mail outbox', deps),
  ]);
  return { queues, sealsOwed: seals, mailOutbox: mail, pool: deps.db.poolStats?.() ?? null };
}
