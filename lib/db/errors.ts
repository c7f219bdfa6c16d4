/** A UNIQUE constraint refused the write (SQLSTATE 23505), from either driver, wrapped by Drizzle or not. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The SQLSTATE and constraint name of a database error, from either driver, wrapped by Drizzle or not. */
export function dbErrorInfo(err: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return {};
}
