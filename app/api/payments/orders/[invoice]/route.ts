// GET /api/payments/orders/{invoiceId} - the signed-in student (bearer) whose order it is: its status as the server knows it (the return page polls this, never trusting the redirect).
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { orderStatus } from '@/lib/payments/checkout';
import { invoiceIdParam } from '@/lib/validations/payments';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const invoice = invoiceIdParam.safeParse(ctx.params.invoice);
  if (!invoice.success) throw new ApiError(404, 'not_found');
  return orderStatus(ctx.db, user, invoice.data);
});
