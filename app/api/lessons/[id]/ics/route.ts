// GET /api/lessons/[id]/ics?side=student|tutor&key=… - the lesson's calendar file for one side (the keyed link from the cabinet and the booking page).
import { ApiError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { route } from '@/lib/api/route';
import { lessonCalendar } from '@/lib/lessons/booking';

export const GET = route(async ({ req, db, params }) => {
  const id = idParam(params);
  const url = new URL(req.url);
  const ics = await lessonCalendar(db, id, url.searchParams.get('side'), url.searchParams.get('key'));
  if (!ics) throw new ApiError(404, 'not_found');
  return new Response(ics, {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="tilmen-lesson-${id}.ics"`, 'Cache-Control': 'no-store' },
  });
});
