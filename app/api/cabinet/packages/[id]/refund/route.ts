// GET /api/cabinet/packages/{id}/refund - the package's student (bearer): what a refund would do now: {amountTiyn, lessons, left, cancel: [{id, startsAt}], keep: [{id, startsAt}]} (the booked lessons it cancels and returns, and those too close to their start that it leaves).
// POST /api/cabinet/packages/{id}/refund - the package's student (bearer): the unused lessons back to the card by the offer's rule, the booked lessons the cancel rule gives back cancelled first: 201 {refund: {id, amountTiyn, lessons, status, dueBy}}; 409 nothing_to_refund.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { refundPreview, requestRefund } from '@/lib/payments/refunds';

const packageId = (raw: string | undefined) => {
  const id = /^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0;
  if (!id) throw new ApiError(404, 'not_found');
  return id;
};

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return refundPreview(ctx.db, user, packageId(ctx.params.id));
});

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    const r = await requestRefund(ctx.db, user, packageId(ctx.params.id));
    return { refund: { id: r.id, amountTiyn: r.amountTiyn, lessons: r.lessons, status: r.status, dueBy: r.dueBy.toISOString() } };
  },
  { status: 201 },
);
