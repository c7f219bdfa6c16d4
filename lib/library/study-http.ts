import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { SLUG_RE } from '@/lib/validations/study';

/** The `[slug]` and `[unit]` of a study route's path, or a 404 (a malformed one names nothing). */
export function unitParams(params: Record<string, string>): { slug: string; key: string } {
  const slug = params.slug ?? '';
  const key = params.unit ?? '';
  if (!SLUG_RE.test(slug) || (params.unit !== undefined && !SLUG_RE.test(key))) throw new ApiError(404, 'not_found');
  return { slug, key };
}
