// POST /api/booking/paid {packageId, startsAt, idempotencyKey} - the signed-in student (bearer) books a 50-minute lesson from a package's balance: 201 {lesson}; a retry with the same key answers 200 with the same lesson; 409 package_empty, package_expired, slot_taken, slot_unavailable.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { bookFromPackage } from '@/lib/payments/lessons';
import { paidBookingSchema } from '@/lib/validations/payments';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { lesson, replayed } = await bookFromPackage(ctx.db, user, await ctx.body(paidBookingSchema));
  return ctx.json({ lesson: { id: lesson.id, tutorId: lesson.tutorId, subject: lesson.subject, kind: lesson.kind, packageId: lesson.packageId, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() } }, replayed ? 200 : 201);
});
