// POST /api/cabinet/packages/{id}/refund - the package's student (bearer): the unused lessons back to the card by the offer's rule: 201 {refund: {id, amountTiyn, lessons, status, dueBy}}; 409 nothing_to_refund.
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { requestRefund } from '@/lib/payments/refunds';

export const POST = route(
  async (ctx) => {
    const user = await requireUser(ctx.db, ctx.req);
    const id = /^\d{1,9}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : 0;
    if (!id) throw new ApiError(404, 'not_found');
    const r = await requestRefund(ctx.db, user, id);
    return { refund: { id: r.id, amountTiyn: r.amountTiyn, lessons: r.lessons, status: r.status, dueBy: r.dueBy.toISOString() } };
  },
  { status: 201 },
);
