// GET /api/cabinet/payments - the signed-in user (bearer): their packages (lessons left, valid until), payments, and the lessons their employer gave them (`employers`: per company, lessons left, booked ahead, the highest tutor price a pool lesson pays for, tutors so far).
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { studentMoney } from '@/lib/payments/cabinet';
import { employerView } from '@/lib/payments/employer';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  return { ...(await studentMoney(ctx.db, user.id)), employers: await employerView(ctx.db, user) };
});
