// POST /api/booking/book {tutorId, startsAt, subject, idempotencyKey, holdToken?} - the signed-in student (bearer) books a free trial: 201 {lesson}; a retry with the same key answers 200 with the same lesson.
import { route } from '@/lib/api/route';
import { requireUser } from '@/lib/auth/http';
import { bookTrial, lessonLinks } from '@/lib/lessons/booking';
import { trialBookedLead } from '@/lib/leads/trial-bookings';
import { bookSchema } from '@/lib/validations/booking';

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.db, ctx.req);
  const { lesson, replayed } = await bookTrial(ctx.db, user, await ctx.body(bookSchema), new Date(), trialBookedLead);
  // The booked page says what was really sent: an e-mail only to a confirmed address.
  return ctx.json(
    {
      lesson: { id: lesson.id, tutorId: lesson.tutorId, subject: lesson.subject, status: lesson.status, startsAt: lesson.startsAt.toISOString(), endsAt: lesson.endsAt.toISOString() },
      links: lessonLinks(lesson.id, 'student', ctx.locale),
      emailed: !!user.email,
    },
    replayed ? 200 : 201,
  );
});
