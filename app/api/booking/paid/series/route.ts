// GET /api/booking/paid/series?packageId=&weekdays=1,3&time=19:00&weeks=8 - the package's student (bearer): the series' dates, each bookable or skipped (taken, unavailable, past_validity, no_lessons_left).
// POST /api/booking/paid/series {packageId, weekdays, time, weeks, idempotencyKey} - books every free date in one transaction, one lesson of the balance each: 201 {booked, dates}; a retry with the same key answers 200 with the lessons booked.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { bookSeries, planSeries } from '@/lib/lessons/series';
import { seriesBookingSchema, seriesPreviewSchema } from '@/lib/validations/payments';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { dates, lessonsLeft } = await planSeries(ctx.db, user, ctx.query(seriesPreviewSchema));
  return { dates, lessonsLeft };
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { booked, dates, replayed } = await bookSeries(ctx.db, user, await ctx.body(seriesBookingSchema));
  return ctx.json({ booked: booked.map((l) => ({ id: l.id, startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString() })), dates }, replayed ? 200 : 201);
});
