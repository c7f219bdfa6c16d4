/** The rows of `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's drizzle driver the rows themselves. */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows?: T[] }).rows ?? (res as T[]);
