import 'server-only';
import { ApiError } from './errors';

/** A numeric `[id]` path segment, or a 404 (a malformed id names nothing). */
export function idParam(params: Record<string, string>, name = 'id'): number {
  const raw = params[name] ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, 'not_found');
  return id;
}
