// GET /api/admin/trials?from=YYYY-MM-DD&to=YYYY-MM-DD - trial figures per tutor (booked, held, no-shows, late tutor cancels, conversion); admin, reviewer or sales.
import { staffRoute } from '@/lib/staff/http';
import { trialFigures } from '@/lib/marketplace/admin';
import { trialsQuery, trialsPeriod } from '@/lib/validations/booking';

export const GET = staffRoute(['reviewer', 'sales'], async (ctx) => {
  const { from, to } = trialsPeriod(ctx.query(trialsQuery));
  return { from: from.toISOString(), to: to.toISOString(), tutors: await trialFigures(ctx.db, from, to) };
});
