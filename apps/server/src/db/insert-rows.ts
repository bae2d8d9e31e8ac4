import { getTableColumns, type InferInsertModel, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './executor.ts';

/** Column types whose values JSON carries as PostgreSQL reads them back (jsonb as itself, dates as ISO text). */
const JSON_SAFE = new Set([
  'PgUUID',
  'PgText',
  'PgBoolean',
  'PgJsonb',
  'PgInteger',
  'PgBigInt53',
  'PgDoublePrecision',
  'PgTimestamp',
]);

/**
 * Inserts many rows in one statement whose only parameter is the rows as JSON
 * (`json_populate_recordset`). Drizzle's multi-row insert builds a placeholder per value with
 * type checks on each, which cost bulk compose more Node time than everything else it does per
 * row; here Node only stringifies. The columns are those the rows name; a column some rows leave
 * out but that has a default would get null here, so such input, or a column type JSON does not
 * carry plainly, goes through Drizzle's insert instead.
 */
export async function insertRows<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly InferInsertModel<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const named = columns.filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  );
  const plain =
    named.every(([, c]) => JSON_SAFE.has(c.columnType)) &&
    named.every(
      ([key, c]) => !c.hasDefault || rows.every((r) => (r as Record<string, unknown>)[key] !== undefined),
    );
  if (!plain) {
    // biome-ignore lint/suspicious/noExplicitAny: the rows are the table's own insert model
    await tx.insert(table).values(rows as any);
    return;
  }
  const json = JSON.stringify(
    rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const [key, c] of named) out[c.name] = (r as Record<string, unknown>)[key] ?? null;
      return out;
    }),
  );
  const list = sql.join(
    named.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`,
  );
}
