import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/types';
import { enforceLimits } from '@/lib/rate-limit';
import { checkPromo, type PromoQuote } from './check';

/** The prices of the tariff plans with a promo code applied; 30 checks in 10 minutes per address, so codes cannot be guessed. */
export async function quotePromo(db: Db, input: { code: string; audience: 'student' | 'teacher' }, ipHash: string): Promise<PromoQuote> {
  await enforceLimits(db, [{ key: `promo:ip:${ipHash}`, max: 30, windowSeconds: 600 }]);
  const result = await checkPromo(db, input.code, input.audience);
  if (!result.ok) throw new ApiError(result.reason === 'promo_not_found' ? 404 : 422, result.reason, { code: result.reason });
  return result.quote;
}
