// GET /api/booking/pool?employeeId=N&tutorId=N - the employee (bearer): the lessons their employer gave them that are left, the tutor (price, subjects) and the tutor's free 50-minute slots, the cancel deadline.
// POST /api/booking/pool {employeeId, tutorId, subject, startsAt, idempotencyKey} - the employee books a 50-minute lesson from their employer's lessons: 201 {lesson}; a retry with the same key answers 200 with the same lesson; 404 for a roster row that is not theirs; 409 employee_pool_empty, pool_tutor_price, slot_taken, slot_unavailable; 422 subject_not_offered.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { PAID_CANCEL_DEADLINE_MINUTES } from '@/lib/lessons/money';
import { PAID_LESSON_MINUTES } from '@/lib/lessons/paid';
import { bookFromPool, poolBookingContext } from '@/lib/payments/pool-booking';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';
import { poolBookingSchema, poolContextSchema } from '@/lib/validations/payments';

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const q = ctx.query(poolContextSchema);
  const c = await poolBookingContext(ctx.db, user, q.employeeId, q.tutorId);
  return {
    employer: { employeeId: c.employee.employeeId, company: c.employee.company, lessonsLeft: c.lessonsLeft },
    tutor: c.tutor,
    zone: SCHOOL_ZONE_NAME,
    lessonMinutes: PAID_LESSON_MINUTES,
    cancelDeadlineHours: PAID_CANCEL_DEADLINE_MINUTES / 60,
    slots: c.slots.map((s) => s.toISOString()),
  };
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { lesson, replayed } = await bookFromPool(ctx.db, user, await ctx.body(poolBookingSchema));
  return ctx.json({ lesson: { id: lesson.id, tutorId: lesson.tutorId, subject: lesson.subject, kind: lesson.kind, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString(), employeeId: lesson.companyEmployeeId } }, replayed ? 200 : 201);
});
