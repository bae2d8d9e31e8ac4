import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// Its own module so that database.ts and the helpers it uses (prepared-sql.ts) both import the
// handle's type from below them instead of from each other.

export type Schema = typeof schema;
/** A Drizzle handle: the database itself or a transaction. Repositories take one of these. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;
