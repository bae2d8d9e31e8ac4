import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** How many rows a report query answers (the export limit is checked before the first byte). */
export async function countReportRows(tx: Executor, query: SQL): Promise<number> {
  const [row] = rowsOf(await tx.execute(sql`select count(*)::int as n from (${query}) q`));
  return Number(row?.n ?? 0);
}

/** The first `limit` rows of a report query (the on-screen run). */
export async function firstReportRows(tx: Executor, query: SQL, limit: number): Promise<Row[]> {
  return rowsOf(await tx.execute(sql`select * from (${query}) q limit ${limit}`));
}

/**
 * Reads a report query through a server-side cursor, `batch` rows at a time, handing each batch
 * to `onBatch` before the next is fetched: memory stays flat however many rows there are. Must
 * run inside a transaction (a cursor lives as long as its transaction).
 */
export async function streamReportRows(
  tx: Executor,
  query: SQL,
  batch: number,
  onBatch: (rows: Row[]) => Promise<void>,
): Promise<void> {
  await tx.execute(sql`declare signet_report no scroll cursor for ${query}`);
  for (;;) {
    const rows = rowsOf(await tx.execute(sql.raw(`fetch forward ${Math.trunc(batch)} from signet_report`)));
    if (rows.length > 0) await onBatch(rows);
    if (rows.length < batch) break;
  }
  await tx.execute(sql`close signet_report`);
}
