import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/**
 * Runs `fn` in a transaction of `db`, the transaction typed as a `Db`, so the functions that take a
 * `Db` (every query helper in lib/) take it too. Both drivers' transactions have the whole query
 * API; drizzle types them as a narrower class, hence the one cast here instead of one per caller.
 */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db), config);
}
