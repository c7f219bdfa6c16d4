import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** Both drivers (PGlite and node-postgres) produce this shape; queries take it as first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
