// POST /api/chat-help/refund - the signed-in student (bearer): the unused chat help time back to the card (the offer, 4.11); 201 {refunds}. 409 chat_help_nothing_to_refund.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { refundChatTime } from '@/lib/chat-help/money';
import { sendRefunds } from '@/lib/payments/refunds';

export const POST = route(
  async (ctx) => {
    const refunds = await sendRefunds(ctx.db, await refundChatTime(ctx.db, await requireUser(ctx.db, ctx.req)));
    return { refunds: refunds.map((r) => ({ id: r.id, amountTiyn: r.amountTiyn, status: r.status, dueBy: r.dueBy.toISOString() })) };
  },
  { status: 201 },
);
