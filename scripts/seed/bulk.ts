import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/types';

/**
 * One multi-row INSERT of many rows through a single jsonb parameter (`jsonb_to_recordset`): PGlite
 * has no COPY, and a VALUES list of 1000 rows × 20 columns costs more to build and bind than to run.
 * `rows` use the schema's property names; every row must have the same keys.
 */
export async function bulkInsert<T extends PgTable>(db: Db, table: T, rows: Record<string, unknown>[], opts: { ignoreConflicts?: boolean } = {}) {
  if (!rows.length) return;
  const cols = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const json = rows.map((r) => Object.fromEntries(cols.map(([key, c]) => [c.name, r[key] ?? null])));
  const names = sql.join(cols.map(([, c]) => sql.identifier(c.name)), sql`, `);
  const types = sql.raw(cols.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const conflict = opts.ignoreConflicts ? sql` on conflict do nothing` : sql``;
  await db.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${types})${conflict}`);
}
