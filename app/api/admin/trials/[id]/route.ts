// GET /api/admin/trials/{id} - a trial lesson: the outbox delivery status of its messages and the tutor's attendance corrections (who, when, why); admin, reviewer or sales.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { attendanceCorrections } from '@/lib/lessons/attendance';
import { lessonDeliveries } from '@/lib/marketplace/admin';

export const GET = staffRoute(['reviewer', 'sales'], async (ctx) => {
  const id = idParam(ctx.params);
  return { messages: await lessonDeliveries(ctx.db, id), corrections: await attendanceCorrections(ctx.db, id) };
});
