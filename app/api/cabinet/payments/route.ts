// GET /api/cabinet/payments - the signed-in user (bearer): their packages (lessons left, valid until) and payments.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentMoney } from '@/lib/payments/cabinet';

export const GET = route(async (ctx) => studentMoney(ctx.db, (await requireUser(ctx.db, ctx.req)).id));
