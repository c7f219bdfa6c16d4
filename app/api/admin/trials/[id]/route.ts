// GET /api/admin/trials/{id} - the outbox delivery status of a trial lesson's messages; admin or reviewer.
import { idParam } from '@/lib/api/params';
import { staffRoute } from '@/lib/staff/http';
import { lessonDeliveries } from '@/lib/marketplace/admin';

export const GET = staffRoute(['reviewer', 'sales'], async (ctx) => ({ messages: await lessonDeliveries(ctx.db, idParam(ctx.params)) }));
