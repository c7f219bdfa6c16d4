// GET /api/booking/slots?tutorId=N - a bookable tutor's free trial slots (UTC instants) and the rules shown before booking.
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/route';
import { bookableTutor, freeSlotsOfTutor } from '@/lib/lessons/availability';
import { CANCEL_DEADLINE_MINUTES, TRIAL_MINUTES } from '@/lib/lessons/slots';
import { SCHOOL_ZONE_NAME } from '@/lib/time/school-clock';

const query = z.object({ tutorId: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value') });

export const GET = route(async (ctx) => {
  const { tutorId } = ctx.query(query);
  const tutor = await bookableTutor(ctx.db, tutorId);
  if (!tutor) throw new ApiError(404, 'not_found');
  const slots = await freeSlotsOfTutor(ctx.db, tutorId);
  return {
    tutorId,
    subject: tutor.subject,
    zone: SCHOOL_ZONE_NAME,
    lessonMinutes: TRIAL_MINUTES,
    cancelDeadlineHours: CANCEL_DEADLINE_MINUTES / 60,
    slots: slots.map((s) => s.toISOString()),
  };
});
