/**
 * One line about an unexpected error, safe for the log: never a query's parameters.
 *
 * Drizzle's DrizzleQueryError carries "Failed query: <sql>\nparams: <values>" in its message, and
 * the values are what the app was storing or looking up (token hashes, codes, phone numbers, IIN
 * hashes). PostgreSQL's own message may quote a value too (`invalid input syntax for type integer:
 * "…"`) and its `detail` names the key (`Key (email)=(…) already exists`). So the line is built
 * from the error class, the SQLSTATE code, the constraint, the database's message with every
 * parameter value blanked, and the SQL text (placeholders only); `detail` is never read.
 */
const MAX = 400;

interface QueryErrorLike {
  query: string;
  params: unknown[];
  cause?: unknown;
}

function isQueryError(err: unknown): err is Error & QueryErrorLike {
  return (
    err instanceof Error &&
    typeof (err as Partial<QueryErrorLike>).query === 'string' &&
    Array.isArray((err as Partial<QueryErrorLike>).params)
  );
}

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function identifier(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.$-]{1,63}$/.test(value) ? value : undefined;
}

/** Blanks every parameter's text (and its JSON form) in `text`, longest first. */
function redact(text: string, params: unknown[]): string {
  const needles = new Set<string>();
  for (const p of params) {
    if (p === null || p === undefined) continue;
    const forms = [p instanceof Date ? p.toISOString() : typeof p === 'object' ? JSON.stringify(p) : String(p)];
    for (const form of forms) if (form && form.length >= 3) needles.add(form);
  }
  let out = text;
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) out = out.split(needle).join('[param]');
  return out;
}

/** Anything after a "params:" line (other wrappers quoting Drizzle's message) is cut off. */
function withoutParamsLine(message: string): string {
  return message.replace(/\r?\n\s*params:[\s\S]*$/i, '');
}

function clip(text: string, max = MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

export function errorForLog(err: unknown): string {
  const params: unknown[] = [];
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (isQueryError(e)) params.push(...e.params);
  }
  return redact(describe(err, 0), params);
}

function describe(err: unknown, depth: number): string {
  if (!(err instanceof Error)) return typeof err === 'string' ? clip(withoutParamsLine(err)) : Object.prototype.toString.call(err);
  if (isQueryError(err)) {
    const cause = err.cause;
    const parts = ['DrizzleQueryError'];
    const code = sqlState(cause);
    if (code) parts.push(`SQLSTATE ${code}`);
    const constraint = identifier((cause as { constraint?: unknown } | undefined)?.constraint);
    if (constraint) parts.push(`constraint ${constraint}`);
    const reason = cause instanceof Error ? withoutParamsLine(cause.message) : 'query failed';
    return `${parts.join(' ')}: ${clip(reason, 200)} [query: ${clip(err.query, 160)}]`;
  }
  const name = err.name && err.name !== 'Error' ? err.name : err.constructor?.name || 'Error';
  const code = sqlState(err);
  let line = `${name}${code ? ` SQLSTATE ${code}` : ''}: ${clip(withoutParamsLine(err.message))}`;
  if (err.cause !== undefined && depth < 2) line += ` (cause: ${describe(err.cause, depth + 1)})`;
  return line;
}
