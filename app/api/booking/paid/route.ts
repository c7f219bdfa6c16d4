// GET /api/booking/paid?packageId=N - the package's student (bearer): lessons left, validity, the tutor's free 50-minute slots within it and the cancel deadline.
// POST /api/booking/paid {packageId, startsAt, idempotencyKey} - the signed-in student (bearer) books a 50-minute lesson from a package's balance: 201 {lesson}; a retry with the same key answers 200 with the same lesson; 409 package_empty, package_expired, slot_taken, slot_unavailable.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { PAID_CANCEL_DEADLINE_MINUTES } from '@/lib/lessons/money';
import { bookFromPackage, PAID_LESSON_MINUTES } from '@/lib/lessons/paid';
import { paidBookingContext } from '@/lib/lessons/series';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';
import { paidBookingSchema, paidContextSchema } from '@/lib/validations/payments';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { pkg, lessonsLeft, expired, slots } = await paidBookingContext(ctx.db, user, ctx.query(paidContextSchema).packageId);
  return {
    package: { id: pkg.id, tutorId: pkg.tutorId, subject: pkg.subject, lessonsLeft, validUntil: pkg.validUntil.toISOString(), expired },
    zone: SCHOOL_ZONE_NAME,
    lessonMinutes: PAID_LESSON_MINUTES,
    cancelDeadlineHours: PAID_CANCEL_DEADLINE_MINUTES / 60,
    slots: slots.map((s) => s.toISOString()),
  };
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { lesson, replayed } = await bookFromPackage(ctx.db, user, await ctx.body(paidBookingSchema));
  return ctx.json({ lesson: { id: lesson.id, tutorId: lesson.tutorId, subject: lesson.subject, kind: lesson.kind, packageId: lesson.packageId, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() } }, replayed ? 200 : 201);
});
