import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './executor.ts';

/** Compiles raw SQL the way the databases are opened (snake_case columns). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Raw SQL compiled once and run as a named prepared statement. Unnamed, PostgreSQL parses and
 * plans a statement on every call (about 2 ms for the folder list); named, each connection
 * keeps it and, after a few calls, reuses one plan. Values travel as `sql.placeholder(name)`,
 * so one text serves every call. The name is the text's hash: the same text prepared in
 * several places shares one statement, and two texts never collide under one name. (PGlite
 * runs it as ordinary SQL.)
 */
export interface PreparedSql {
  readonly name: string;
  readonly query: Query;
}

export function prepareSql(text: SQL): PreparedSql {
  const query = dialect.sqlToQuery(text);
  const hash = createHash('sha256').update(query.sql).digest('hex').slice(0, 24);
  return { name: `signet_${hash}`, query };
}

/** Runs a prepared statement with its placeholders' values; answers the rows. */
export async function runPrepared<R>(
  tx: Executor,
  statement: PreparedSql,
  values: Record<string, unknown>,
): Promise<R[]> {
  const result = await tx._.session
    .prepareQuery(statement.query, undefined, statement.name, false)
    .execute(values);
  return (result as { rows: R[] }).rows;
}
