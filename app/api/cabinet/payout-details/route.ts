// GET /api/cabinet/payout-details - the signed-in tutor (bearer): where the school pays them, masked ({iban, iinLast4, updatedAt} or null); 403 for a student.
// PUT /api/cabinet/payout-details {iban, iin} - saves or replaces them (a Kazakh IBAN, checked; the recipient's IIN).
import { ApiError, readJson } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { payoutDetailsOf, savePayoutDetails } from '@/lib/payments/payout-details';
import { payoutDetailsSchema } from '@/lib/validations/payments';

export const GET = route(async (ctx) => ({ details: await payoutDetailsOf(ctx.db, await requireUser(ctx.db, ctx.req)) }));

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  if (user.role !== 'tutor') throw new ApiError(403, 'forbidden');
  const input = payoutDetailsSchema.parse(await readJson(ctx.req));
  return { details: await savePayoutDetails(ctx.db, user, input) };
});
